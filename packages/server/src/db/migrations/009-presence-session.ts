/**
 * 009: which login (auth session) each connected resource belongs to. The same-session check at sign-in (spec §2.2,
 * "your ID is used in another PC messenger") asks whether another login of the user holds a live chat connection;
 * before, it could only ask whether another login had been active within an hour, so closing the browser and signing
 * in again showed the dialog although nothing was connected. Rows written before this migration have no session and
 * count as no other messenger (they are replaced at the resource's next login).
 */
export const m009PresenceSession = {
  version: "009-presence-session",
  sql: `alter table chat_presence add column session_id text;`,
};
