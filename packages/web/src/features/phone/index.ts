/**
 * The internet phone (spec §2.8) and the incoming call dialog (spec §2.3).
 *
 * Main window: wrap it in `<PhoneProvider>` (inside the session, the bridge and the react-query client), then
 * `usePhone().open(members?)` from a user card or the header; room windows send `call:set-info` over the bridge.
 * The incoming-call settings (useRcvCallYn, rcvCallTargetCd) come from the user's settings (features/preferences).
 */
export { cleanTypedNumber, orgPhoneOf, type CallMember } from "./dial-plan";
export { PhoneProvider, usePhone, type PhoneApi } from "./PhoneProvider";
