/** The commute panel (spec §2.7) and the attendance notices dialog the more tab opens too. */
export { AttendanceNoticeDialog } from "./AttendanceNoticeDialog";
export { ClockContext, type Clock } from "./clock";
export { CommutePanel } from "./CommutePanel";
