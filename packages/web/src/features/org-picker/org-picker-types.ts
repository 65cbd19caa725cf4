/**
 * The org picker's data contract (spec §2.9): what a source gives the picker and what the picker hands back. The main
 * window's source reads the org tree loaded at login; a room window's source asks the main window over the bridge.
 */

/** A user the picker lists and returns. */
export type PickerUser = {
  /** The user's bare chat JID: the key of a user everywhere in the picker (listed once per department). */
  readonly jid: string;
  /** Login id. */
  readonly id: string;
  readonly name: string;
  readonly position: string;
  readonly deptKey: string;
  readonly deptName: string;
};

/** A department of the picker's tree. */
export type PickerDepartment = {
  readonly key: string;
  readonly name: string;
  readonly users: readonly PickerUser[];
  readonly children: readonly PickerDepartment[];
};

/** Where the picker gets the organisation from (one per window kind). */
export interface OrgPickerSource {
  /** The department tree's roots, sub-departments and users included. */
  loadTree(): Promise<readonly PickerDepartment[]>;
  /** Users whose name contains the text, case-insensitively (spec §5 org search); blank text finds nobody. */
  search(text: string): Promise<readonly PickerUser[]>;
}

/** The org picker's props. */
export type OrgPickerProps = {
  /** Shown (the layer keeps no state while closed: each opening starts with nothing selected). */
  open: boolean;
  /** The dialog's title, e.g. "New chat" or "Invite". */
  title: string;
  source: OrgPickerSource;
  /** The picking user's JID: a department check never selects them (spec §4 Org picker); they can tick themselves. */
  selfJid?: string;
  /** JIDs that cannot be picked (e.g. the room's members when inviting): listed, but disabled. */
  excluded?: readonly string[];
  /** At most this many users; a tick beyond it is undone with an alert. */
  maxSelect?: number;
  /** That alert; default orgPicker.maxSelect (the phone's meeting call passes IP.A.015). */
  maxSelectMessage?: string;
  /** The alert for confirming with nobody selected; default OR.A.063 (a room window passes CH.PA.A.008). */
  emptyMessage?: string;
  /** Confirmed with at least one user, in the order they were picked. */
  onConfirm: (users: readonly PickerUser[]) => void;
  onCancel: () => void;
  /** Leaves the window around it usable (the main window's tabs: a tab switch asks first, spec §2.3). */
  modeless?: boolean;
};
