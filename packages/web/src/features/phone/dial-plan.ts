/**
 * What the phone dialog dials (spec §2.8, §5 Calls): the typed number with dashes removed, or the members of a
 * meeting call. Choosing one member fills the number; more than one switches to group mode, where the first 6 are
 * called and the rest dropped (each with a toast).
 */
import { limitGroupCall, stripPhoneDashes } from "@moa/shared";
import type { OrgDepartment, OrgTreeResponse } from "@moa/shared";

/** The keypad's keys, in the order they are laid out (three per row). */
export const KEYPAD_KEYS = [
  "1",
  "2",
  "3",
  "4",
  "5",
  "6",
  "7",
  "8",
  "9",
  "*",
  "0",
  "#",
] as const;

/**
 * The number field's text as typed or pasted: dashes and blanks removed, and anything a phone cannot dial.
 * @param typed - the field's text, e.g. `010-1234-5678`.
 * @returns the diallable part, e.g. `01012345678`.
 */
export function cleanTypedNumber(typed: string): string {
  return stripPhoneDashes(typed).replace(/[^0-9*#]/g, "");
}

/** A member of a call (spec §3 Call member). */
export type CallMember = {
  readonly jid: string;
  /** The login id, recorded as the log's user key. */
  readonly id: string;
  readonly name: string;
  /** Digits to dial; empty when the org lists no number. */
  readonly phone: string;
};

/** What the dialog is set to dial. */
export type DialTarget =
  | {
      readonly kind: "number";
      readonly number: string;
      /** Who the number belongs to, when it was chosen rather than typed (recorded in the call log). */
      readonly party?: { readonly id: string; readonly name: string };
    }
  | { readonly kind: "group"; readonly members: readonly CallMember[] };

/** The outcome of choosing members, with what the dialog tells the user. */
export type MemberChoice = {
  /** The new target; undefined when nobody callable was chosen (the target stays). */
  readonly target: DialTarget | undefined;
  /** Members beyond 6, dropped (toast). */
  readonly dropped: number;
  /** Names of chosen members without a number, left out (toast). */
  readonly withoutNumber: readonly string[];
  /** The choice switched the dialog to group mode (toast). */
  readonly group: boolean;
};

/**
 * Applies members chosen in the org picker or sent by a room's member list.
 * @param members - in the order they were chosen.
 * @returns the target and the toasts to show.
 */
export function chooseMembers(members: readonly CallMember[]): MemberChoice {
  const callable = members.filter((m) => m.phone !== "");
  const withoutNumber = members
    .filter((m) => m.phone === "")
    .map((m) => m.name);
  const limited = limitGroupCall(callable);
  if (!limited.ok)
    return { target: undefined, dropped: 0, withoutNumber, group: false };
  const { called, dropped } = limited.value;
  const [only] = called;
  if (called.length === 1 && only)
    return {
      target: {
        kind: "number",
        number: only.phone,
        party: { id: only.id, name: only.name },
      },
      dropped: dropped.length,
      withoutNumber,
      group: false,
    };
  return {
    target: { kind: "group", members: called },
    dropped: dropped.length,
    withoutNumber,
    group: true,
  };
}

/** The numbers a target dials (empty when the number field is empty). */
export function numbersOf(target: DialTarget): string[] {
  if (target.kind === "group") return target.members.map((m) => m.phone);
  const number = cleanTypedNumber(target.number);
  return number === "" ? [] : [number];
}

type OrgPhone = { id: string; name: string; phone: string };

// Keyed by the loaded tree object, like the pickers' index: a new login indexes again.
const phoneIndexes = new WeakMap<OrgTreeResponse, Map<string, OrgPhone>>();

/**
 * The number to call a colleague on: their business phone, else their mobile, dashes removed.
 * @param tree - the org tree loaded at login.
 * @param jid - their bare chat JID.
 * @returns their id, name and number; undefined for someone the tree does not list.
 */
export function orgPhoneOf(
  tree: OrgTreeResponse,
  jid: string,
): OrgPhone | undefined {
  let index = phoneIndexes.get(tree);
  if (!index) {
    const built = new Map<string, OrgPhone>();
    const visit = (d: OrgDepartment) => {
      for (const u of d.userList) {
        const key = u.messengerId.toLowerCase();
        if (built.has(key)) continue;
        built.set(key, {
          id: u.id,
          name: u.user.name,
          phone: cleanTypedNumber(
            u.contact.business.phone || u.contact.personal.mobile,
          ),
        });
      }
      d.child.forEach(visit);
    };
    tree.tree.forEach(visit);
    phoneIndexes.set(tree, built);
    index = built;
  }
  return index.get(jid.toLowerCase());
}
