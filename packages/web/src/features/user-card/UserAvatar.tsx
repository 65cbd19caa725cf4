/**
 * A user's avatar, the same everywhere: their photo when the org has one, else the short form of their name on a
 * colour picked from the name (so one person keeps one colour across lists, cards and rooms).
 */
import { avatarText } from "@moa/shared";
import { Avatar } from "antd";

const COLORS = [
  "#4c6ef5",
  "#12b886",
  "#f08c00",
  "#e64980",
  "#7950f2",
  "#1c7ed6",
  "#2f9e44",
  "#d9480f",
];

/**
 * The colour of a name's initials.
 * @param name - the user's name.
 * @returns a CSS colour.
 */
export function initialsColor(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return COLORS[hash % COLORS.length] ?? "#4c6ef5";
}

type UserAvatarProps = {
  name: string;
  /** The photo's URL; empty when the user has none. */
  photoUrl: string;
  size?: number;
};

export function UserAvatar({ name, photoUrl, size = 32 }: UserAvatarProps) {
  // The name is written next to every avatar, so the picture itself is decoration.
  return photoUrl ? (
    <Avatar size={size} src={photoUrl} alt="" aria-hidden="true" />
  ) : (
    <Avatar
      size={size}
      aria-hidden="true"
      style={{ backgroundColor: initialsColor(name), flex: "none" }}
    >
      {avatarText(name)}
    </Avatar>
  );
}
