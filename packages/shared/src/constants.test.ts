import { describe, expect, it } from "vitest";
import * as c from "./constants.js";

describe("spec §9 constants", () => {
  it("keeps the limits users run into", () => {
    expect(c.ROOM_TITLE_MAX_LENGTH).toBe(20);
    expect(c.GROUP_NAME_MAX_LENGTH).toBe(50);
    expect(c.NICKNAME_MAX_LENGTH).toBe(21);
    expect(c.PROFILE_MESSAGE_MAX_LENGTH).toBe(21);
    expect(c.CALL_MAX_PARTICIPANTS).toBe(6);
    expect(c.WIDGETS_MAX).toBe(6);
    expect(c.WEBHARD_SEND_MAX_FILES).toBe(20);
    expect(c.UPLOAD_MAX_FILES).toBe(10);
    expect(c.UPLOAD_MAX_FILE_BYTES).toBe(1_073_741_824);
    expect(c.MESSAGE_DELETE_WINDOW_MS).toBe(300_000);
    expect(c.BADGE_CAP).toBe(99);
    expect(c.HISTORY_PAGE_SIZE).toBe(100);
    expect(c.RECONNECT_MAX_RETRIES).toBe(10);
    expect(c.TOKEN_REFRESH_INTERVAL_MS).toBe(3_000_000);
    expect(c.REPLY_QUOTE_MAX_LENGTH).toBe(20);
    expect(c.LAST_MESSAGE_TRIM_LENGTH).toBe(15);
    expect(c.NICKNAME_TRIM_LENGTH).toBe(8);
    expect(c.WRONG_PASSWORD_LIMIT).toBe(5);
  });

  it("keeps the timings of the UI", () => {
    expect(c.NOTICE_CAROUSEL_INTERVAL_MS).toBe(5000);
    expect([
      c.SPLASH_DURATION_MS,
      c.TOAST_DURATION_MS,
      c.NEW_MESSAGE_TOAST_DURATION_MS,
    ]).toEqual([2000, 2000, 2000]);
    expect([
      c.PRESENCE_REJOIN_DELAY_MIN_MS,
      c.PRESENCE_REJOIN_DELAY_MAX_MS,
    ]).toEqual([1000, 30_000]);
    expect(c.HISTORY_LOOK_AHEAD_MS).toBe(3_600_000);
    expect([c.UPLOAD_BAR_HIDE_DELAY_MS, c.UPLOAD_PAUSE_MS]).toEqual([
      1500, 100,
    ]);
    expect(c.CONFLICT_LOGOUT_DELAY_MS).toBe(10_000);
    expect([c.DEFAULT_AWAY_MINUTES, c.DEFAULT_LOCK_MINUTES]).toEqual([5, 30]);
    expect([
      c.DEFAULT_AWAY_ENABLED,
      c.DEFAULT_LOCK_ENABLED,
      c.DEFAULT_LOGIN_NOTIFICATION_ENABLED,
    ]).toEqual([true, true, false]);
  });

  it("keeps display settings and formats", () => {
    expect(c.CHAT_FONT_RATIOS).toEqual([80, 100, 120, 140]);
    expect(c.DEFAULT_CHAT_FONT_RATIO).toBe(100);
    expect([c.OPACITY_MIN, c.OPACITY_MAX, c.OPACITY_SLIDER_STEP]).toEqual([
      0.1, 1, 0.1,
    ]);
    expect(c.SIZE_UNITS).toEqual(["KB", "MB", "GB", "TB", "PB"]);
    expect(c.EMPTY_TIMESTAMP).toHaveLength(c.TIMESTAMP_LENGTH);
    expect(c.EMPTY_TIMESTAMP).toMatch(/^0{15}$/);
    expect(c.WEBHARD_WINDOW_SIZE).toEqual({ width: 1200, height: 550 });
    expect(c.WEBHARD_LOGIN_WINDOW_SIZE).toEqual({ width: 400, height: 420 });
    expect(c.DEFAULT_LOCALE).toBe("ko-kr");
    expect(c.DEFAULT_WIDGET_OPEN_MODE).toBe("pc");
    expect(c.DEFAULT_USER_SORT_ORDER).toBe("office");
  });
});
