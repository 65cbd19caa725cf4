import { describe, expect, it } from "vitest";
import {
  formatSavedChat,
  formatSavedChatLine,
  nameWithPosition,
  sanitizeFileName,
  savedChatFileName,
} from "./saved-chat.js";

const KST = 540;
const now = Date.UTC(2024, 4, 1, 5, 3, 7); // 2024-05-01 14:03 KST

describe("savedChatFileName", () => {
  it("joins the room name and yyyy_MMdd_hhmm with .txt", () => {
    expect(savedChatFileName("개발팀", now, KST)).toBe(
      "개발팀_2024_0501_1403.txt",
    );
  });

  it("replaces characters file systems reject", () => {
    expect(savedChatFileName('A/B:C*D?"E<F>G|H\\I', now, KST)).toBe(
      "A_B_C_D__E_F_G_H_I_2024_0501_1403.txt",
    );
  });

  it("falls back to 'chat' when nothing usable is left", () => {
    expect(savedChatFileName("", now, KST)).toBe("chat_2024_0501_1403.txt");
    expect(savedChatFileName(" .. ", now, KST)).toBe("chat_2024_0501_1403.txt");
  });

  it("keeps at most 100 characters of a long room name", () => {
    const name = savedChatFileName("가".repeat(150), now, KST);
    expect(name).toBe(`${"가".repeat(100)}_2024_0501_1403.txt`);
  });
});

describe("sanitizeFileName", () => {
  it("removes control characters and trailing dots", () => {
    expect(sanitizeFileName("a\u0000b\tc.")).toBe("a_b_c");
  });
});

describe("nameWithPosition", () => {
  it("puts the position in brackets and leaves a blank one out", () => {
    expect(nameWithPosition("홍길동", "과장")).toBe("홍길동[과장]");
    expect(nameWithPosition("홍길동", " ")).toBe("홍길동");
    expect(nameWithPosition("홍길동", undefined)).toBe("홍길동");
  });
});

describe("formatSavedChatLine", () => {
  it("writes time, name[position] and text", () => {
    expect(
      formatSavedChatLine(
        { time: now, userName: "홍길동", position: "과장", text: "안녕하세요" },
        KST,
      ),
    ).toBe("[2024-05-01 14:03:07] 홍길동[과장] : 안녕하세요");
  });

  it("uses CRLF inside multi-line messages and keeps empty text", () => {
    expect(
      formatSavedChatLine({ time: now, userName: "Kim", text: "a\nb" }, KST),
    ).toBe("[2024-05-01 14:03:07] Kim : a\r\nb");
    expect(
      formatSavedChatLine({ time: now, userName: "Kim", text: "" }, KST),
    ).toBe("[2024-05-01 14:03:07] Kim : ");
  });
});

describe("formatSavedChat", () => {
  it("writes the messages oldest first, each line ending with CRLF", () => {
    expect(
      formatSavedChat(
        [
          { time: now + 60_000, userName: "Lee", text: "second" },
          { time: now, userName: "Kim", position: "대리", text: "first" },
        ],
        KST,
      ),
    ).toBe(
      "[2024-05-01 14:03:07] Kim[대리] : first\r\n" +
        "[2024-05-01 14:04:07] Lee : second\r\n",
    );
  });

  it("is empty without messages", () => {
    expect(formatSavedChat([], KST)).toBe("");
  });
});
