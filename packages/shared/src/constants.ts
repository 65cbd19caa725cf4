/** Business constants and limits of spec §9, in one place. Durations are milliseconds unless the name says otherwise. */

/** Room title: max characters (spec §5, "x/20" counter). */
export const ROOM_TITLE_MAX_LENGTH = 20;
/** Friend group name: max characters. */
export const GROUP_NAME_MAX_LENGTH = 50;
/** Nickname: max characters. */
export const NICKNAME_MAX_LENGTH = 21;
/** Profile message: max characters. */
export const PROFILE_MESSAGE_MAX_LENGTH = 21;
/** Internet call / group call: max participants. */
export const CALL_MAX_PARTICIPANTS = 6;
/** The service's customer centre, which the phone dialog names when the internet phone is unavailable (spec §2.8). */
export const CUSTOMER_CENTRE_PHONE = "1588-0000";
/** Widgets a user can enable. */
export const WIDGETS_MAX = 6;
/** Webhard files sent as links at once. */
export const WEBHARD_SEND_MAX_FILES = 20;
/** Webhard size column divisor: shown as floor(size / 1000) MB. */
export const WEBHARD_SIZE_DIVISOR = 1000;
/** Files per chat upload. */
export const UPLOAD_MAX_FILES = 10;
/** Bytes per uploaded file: 1 GB = 1024^3 bytes. */
export const UPLOAD_MAX_FILE_BYTES = 1024 ** 3;
/** Own messages can be deleted for this long after they were sent (5 minutes). */
export const MESSAGE_DELETE_WINDOW_MS = 5 * 60 * 1000;
/** Footer notice carousel advances this often. */
export const NOTICE_CAROUSEL_INTERVAL_MS = 5000;
/** Splash screen shows this long before the login route. */
export const SPLASH_DURATION_MS = 2000;
/** Default toast duration. */
export const TOAST_DURATION_MS = 2000;
/** Toast shown for a new message while scrolled up. */
export const NEW_MESSAGE_TOAST_DURATION_MS = 2000;
/** Badges show the count up to this, then "99+". */
export const BADGE_CAP = 99;
/** Own web-chat presence arriving as off: go online again after a random delay in this range (1–30 s). */
export const PRESENCE_REJOIN_DELAY_MIN_MS = 1000;
/** Upper bound of the presence rejoin delay. */
export const PRESENCE_REJOIN_DELAY_MAX_MS = 30_000;
/** Messages per history page; fewer means the first message was reached (add the first-message delimiter). */
export const HISTORY_PAGE_SIZE = 100;
/** Server chat fetch looks this far past the latest message time (1 hour). */
export const HISTORY_LOOK_AHEAD_MS = 60 * 60 * 1000;
/** Older history is fetched when the scroll position is above this fraction of the height. */
export const SCROLL_FETCH_TRIGGER_RATIO = 0.2;
/** The user counts as "near the bottom" at or below this fraction of the height. */
export const SCROLL_NEAR_BOTTOM_RATIO = 0.8;
/** Delay before the first scroll to the bottom of a freshly loaded room. */
export const INITIAL_SCROLL_DELAY_MS = 200;
/** Guard after a history load before another fetch may start. */
export const HISTORY_FETCH_GUARD_MS = 1000;
/** Upload bar hides this long after every file succeeded. */
export const UPLOAD_BAR_HIDE_DELAY_MS = 1500;
/** Pause between consecutive uploads. */
export const UPLOAD_PAUSE_MS = 100;
/** Room list query gives up after this long. */
export const ROOM_LIST_QUERY_TIMEOUT_MS = 5000;
/** Chat connection reconnect attempts before giving up. */
export const RECONNECT_MAX_RETRIES = 10;
/** Logged in elsewhere: log out after this delay. */
export const CONFLICT_LOGOUT_DELAY_MS = 10_000;
/** Access token refresh period (50 minutes). */
export const TOKEN_REFRESH_INTERVAL_MS = 50 * 60 * 1000;
/** Idle detection tick. */
export const IDLE_CHECK_INTERVAL_MS = 1000;
/** Default minutes of idleness before switching to away. */
export const DEFAULT_AWAY_MINUTES = 5;
/** Auto-away is on by default. */
export const DEFAULT_AWAY_ENABLED = true;
/** Default minutes of idleness before locking. */
export const DEFAULT_LOCK_MINUTES = 30;
/** Auto-lock is on by default. */
export const DEFAULT_LOCK_ENABLED = true;
/** Login notifications are off by default. */
export const DEFAULT_LOGIN_NOTIFICATION_ENABLED = false;
/** A login notice only shows when the previous login of that user was longer ago than this. */
export const LOGIN_NOTICE_MIN_INTERVAL_MS = 5000;
/** Zoom factor change per Ctrl+plus / Ctrl+minus. */
export const ZOOM_STEP = 0.2;
/** Zoom factor restored by Ctrl+0. */
export const ZOOM_DEFAULT = 1;
/** Smallest zoom factor (spec is silent; 60 % keeps text legible). */
export const ZOOM_MIN = 0.6;
/** Largest zoom factor (spec is silent; 200 % still fits a chat window). */
export const ZOOM_MAX = 2;
/** Chat font sizes offered, in percent. */
export const CHAT_FONT_RATIOS = [80, 100, 120, 140] as const;
/** A chat font size in percent. */
export type ChatFontRatio = (typeof CHAT_FONT_RATIOS)[number];
/** Chat font size used until the user picks one. */
export const DEFAULT_CHAT_FONT_RATIO: ChatFontRatio = 100;
/** Lowest window opacity the app sets. */
export const OPACITY_MIN = 0.1;
/** Highest window opacity (opaque). */
export const OPACITY_MAX = 1;
/** Opacity slider step. */
export const OPACITY_SLIDER_STEP = 0.1;
/** Reply quote keeps this many characters, then an ellipsis. */
export const REPLY_QUOTE_MAX_LENGTH = 20;
/** Room list last-message preview keeps this many characters. */
export const LAST_MESSAGE_TRIM_LENGTH = 15;
/** Nicknames shown in lists keep this many characters. */
export const NICKNAME_TRIM_LENGTH = 8;
/**
 * Messages longer than this many characters show a preview and a see-all button.
 * The spec keeps the value private; 500 is where KakaoTalk switches to "see all".
 */
export const LONG_MESSAGE_MAX_LENGTH = 500;
/** Size units from smallest to largest; sizes are shown with {@link SIZE_DECIMALS} decimals. */
export const SIZE_UNITS = ["KB", "MB", "GB", "TB", "PB"] as const;
/** A size unit. */
export type SizeUnit = (typeof SIZE_UNITS)[number];
/** Decimals shown for sizes. */
export const SIZE_DECIMALS = 2;
/** Wrong passwords before the account is blocked (server side). */
export const WRONG_PASSWORD_LIMIT = 5;
/** Webhard window when the service is available. */
export const WEBHARD_WINDOW_SIZE = { width: 1200, height: 550 } as const;
/** Webhard window minimum size when available. */
export const WEBHARD_WINDOW_MIN_SIZE = { width: 1010, height: 550 } as const;
/** Webhard window showing only the login form (service not available yet). */
export const WEBHARD_LOGIN_WINDOW_SIZE = { width: 400, height: 420 } as const;
/** Webhard file-name column width = window width minus this. */
export const WEBHARD_NAME_COLUMN_OFFSET = 700;
/** Webhard table height = window height minus this. */
export const WEBHARD_TABLE_HEIGHT_OFFSET = 160;
/** Chat editor initial height in px. */
export const EDITOR_INITIAL_HEIGHT = 65;
/** @mention list max height in px. */
export const MENTION_LIST_MAX_HEIGHT = 320;
/**
 * Longest message text a user can type, in UTF-16 code units (what `maxLength` counts). The spec sets none; the
 * server closes a stream on a stanza over 256 KiB, and 40,000 units stay under it even when every one is escaped
 * as `&amp;` (5 bytes), with room left for the reply quote and the extensions.
 */
export const MESSAGE_TEXT_MAX_LENGTH = 40_000;
/** Main window left drawer width in px. */
export const LEFT_DRAWER_WIDTH = 140;
/** Org tree icons stop getting deeper after this depth. */
export const ORG_TREE_ICON_MAX_DEPTH = 3;
/** User list sort orders. */
export const USER_SORT_ORDERS = ["office", "abc", "state"] as const;
/** A user list sort order. */
export type UserSortOrder = (typeof USER_SORT_ORDERS)[number];
/** Default user sort order. */
export const DEFAULT_USER_SORT_ORDER: UserSortOrder = "office";
/** Org title modes: show the position or the title. */
export const ORG_TITLE_MODES = ["pos", "tit"] as const;
/** An org title mode. */
export type OrgTitleMode = (typeof ORG_TITLE_MODES)[number];
/** Live clock refresh. */
export const CLOCK_REFRESH_INTERVAL_MS = 1000;
/** Length of timestamp strings (milliseconds, zero-padded). */
export const TIMESTAMP_LENGTH = 15;
/** "No date" sentinel in timestamp fields. */
export const EMPTY_TIMESTAMP = "000000000000000";
/** Downloaded files expire after this many days. */
export const DOWNLOAD_EXPIRY_DAYS = 7;
/** Chunk loads time out after this long. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Supported locales. */
export const LOCALES = ["ko-kr", "en-us"] as const;
/** A supported locale. */
export type Locale = (typeof LOCALES)[number];
/** Locale used when none is chosen (also sent in the locale header before login). */
export const DEFAULT_LOCALE: Locale = "ko-kr";
/** Widget open modes: a PC (browser/desktop) window or the mini window. */
export const WIDGET_OPEN_MODES = ["pc", "mini"] as const;
/** A widget open mode. */
export type WidgetOpenMode = (typeof WIDGET_OPEN_MODES)[number];
/** Default widget open mode (widgetOpenCd). */
export const DEFAULT_WIDGET_OPEN_MODE: WidgetOpenMode = "pc";
/** Y/N flag as stored for settings, sound and alarm flags. */
export type YnFlag = "Y" | "N";
