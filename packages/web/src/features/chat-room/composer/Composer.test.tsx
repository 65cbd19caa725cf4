/** The room window's input area as a user types in it: sending, newlines, Korean input, mentions, reply, paste, files. */
import {
  fireEvent,
  render,
  screen,
  waitFor,
  within,
} from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { App as AntdApp, ConfigProvider } from "antd";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import { createI18n } from "../../../i18n";
import { Composer, type ComposerProps } from "./Composer";

const members = [
  { jid: "kim.demo@moa.test", name: "김민수", detail: "과장 · 개발팀" },
  { jid: "lee.demo@moa.test", name: "이민호" },
  { jid: "park.demo@moa.test", name: "박지수" },
];

function renderComposer(overrides: Partial<ComposerProps> = {}) {
  const props: ComposerProps = {
    roomType: 2,
    members,
    replyTo: null,
    onCancelReply: vi.fn(),
    onJumpToReply: vi.fn(),
    onSend: vi.fn(() => Promise.resolve()),
    onAttachFiles: vi.fn(),
    onPasteImage: vi.fn(),
    disabled: false,
    ...overrides,
  };
  render(
    <I18nextProvider i18n={createI18n("ko-KR")}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AntdApp>
          <Composer {...props} />
        </AntdApp>
      </ConfigProvider>
    </I18nextProvider>,
  );
  const editor = screen.getByRole<HTMLTextAreaElement>("textbox", {
    name: "메시지 입력",
  });
  return { props, editor, user: userEvent.setup() };
}

const sendButton = () => screen.getByRole("button", { name: "전송" });
const mentionList = () =>
  screen.queryByRole("listbox", { name: "멘션할 대화 상대" });
const optionNames = () =>
  within(mentionList()!)
    .getAllByRole("option")
    .map((o) => o.textContent);
const activeOption = () =>
  within(mentionList()!)
    .getAllByRole("option")
    .find((o) => o.getAttribute("aria-selected") === "true")?.textContent;

describe("Composer keys", () => {
  it("sends with Enter, without the blanks around the text, and empties the editor", async () => {
    const { props, editor, user } = renderComposer();
    await user.type(editor, "  안녕하세요  ");
    await user.keyboard("{Enter}");
    expect(props.onSend).toHaveBeenCalledExactlyOnceWith(
      "안녕하세요",
      null,
      [],
    );
    expect(editor.value).toBe("");
  });

  it("inserts a newline with Shift+Enter and with Ctrl+Enter instead of sending", async () => {
    const { props, editor, user } = renderComposer();
    await user.type(editor, "첫 줄");
    await user.keyboard("{Shift>}{Enter}{/Shift}둘째 줄");
    await user.keyboard("{Control>}{Enter}{/Control}셋째 줄");
    expect(editor.value).toBe("첫 줄\n둘째 줄\n셋째 줄");
    expect(props.onSend).not.toHaveBeenCalled();
    await user.click(sendButton());
    expect(props.onSend).toHaveBeenCalledWith(
      "첫 줄\n둘째 줄\n셋째 줄",
      null,
      [],
    );
  });

  it("keeps send disabled while the text is empty or only blanks", async () => {
    const { props, editor, user } = renderComposer();
    expect(sendButton()).toHaveProperty("disabled", true);
    await user.type(editor, "   ");
    expect(sendButton()).toHaveProperty("disabled", true);
    await user.keyboard("{Enter}");
    expect(props.onSend).not.toHaveBeenCalled();
    await user.type(editor, "a");
    expect(sendButton()).toHaveProperty("disabled", false);
  });

  it("does not send on the Enter that finishes a Korean syllable in the IME", async () => {
    const { props, editor, user } = renderComposer();
    await user.type(editor, "안녕");
    fireEvent.compositionStart(editor);
    fireEvent.keyDown(editor, { key: "Enter", isComposing: true });
    fireEvent.compositionEnd(editor);
    expect(props.onSend).not.toHaveBeenCalled();
    expect(editor.value).toBe("안녕");
    await user.keyboard("{Enter}");
    expect(props.onSend).toHaveBeenCalledExactlyOnceWith("안녕", null, []);
  });

  it("gives the text back when sending fails", async () => {
    const onSend = vi.fn(() => Promise.reject(new Error("offline")));
    const { editor, user } = renderComposer({ onSend });
    await user.type(editor, "보내지 못할 메시지{Enter}");
    await waitFor(() => {
      expect(editor.value).toBe("보내지 못할 메시지");
    });
  });

  it("does not send while the room is unavailable", async () => {
    const { props, editor, user } = renderComposer({ disabled: true });
    await user.type(editor, "오프라인{Enter}");
    expect(props.onSend).not.toHaveBeenCalled();
    expect(sendButton()).toHaveProperty("disabled", true);
  });

  it("starts at the spec's 65 px and grows with the resize handle", async () => {
    const { editor, user } = renderComposer();
    expect(editor.style.height).toBe("65px");
    const handle = screen.getByRole("separator", { name: "입력창 높이" });
    handle.focus();
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(editor.style.height).toBe("85px");
    expect(handle.getAttribute("aria-valuenow")).toBe("85");
  });
});

describe("Composer mentions", () => {
  it("opens the member list on @ and filters it by what follows", async () => {
    const { editor, user } = renderComposer();
    await user.type(editor, "회의 @");
    expect(optionNames()).toEqual(["김민수과장 · 개발팀", "이민호", "박지수"]);
    expect(mentionList()!.style.maxHeight).toBe("320px");
    await user.type(editor, "민");
    expect(optionNames()).toEqual(["김민수과장 · 개발팀", "이민호"]);
    await user.type(editor, "호");
    expect(optionNames()).toEqual(["이민호"]);
    await user.type(editor, "x");
    expect(mentionList()).toBeNull();
  });

  it("moves through the list with the arrow keys, wrapping at both ends", async () => {
    const { editor, user } = renderComposer();
    await user.type(editor, "@");
    expect(activeOption()).toContain("김민수");
    await user.keyboard("{ArrowDown}");
    expect(activeOption()).toBe("이민호");
    expect(editor.getAttribute("aria-activedescendant")).toBe(
      screen.getByRole("option", { name: "이민호" }).id,
    );
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(activeOption()).toContain("김민수");
    await user.keyboard("{ArrowUp}");
    expect(activeOption()).toBe("박지수");
  });

  it("inserts the picked member as a chip with Enter and sends the mention", async () => {
    const { props, editor, user } = renderComposer();
    await user.type(editor, "@이{Enter}");
    expect(mentionList()).toBeNull();
    expect(editor.value).toBe("@이민호 ");
    const chips = screen.getByRole("list", { name: "멘션한 대화 상대" });
    expect(within(chips).getByRole("listitem").textContent).toContain(
      "@이민호",
    );
    expect(props.onSend).not.toHaveBeenCalled();
    await user.type(editor, "확인 부탁해요{Enter}");
    expect(props.onSend).toHaveBeenCalledExactlyOnceWith(
      "@이민호 확인 부탁해요",
      null,
      ["lee.demo@moa.test"],
    );
  });

  it("picks with Tab and with the mouse too", async () => {
    const { editor, user } = renderComposer();
    await user.type(editor, "@박{Tab}");
    expect(editor.value).toBe("@박지수 ");
    await user.type(editor, "@");
    await user.click(screen.getByRole("option", { name: /김민수/ }));
    expect(editor.value).toBe("@박지수 @김민수 ");
    expect(
      within(screen.getByRole("list", { name: "멘션한 대화 상대" }))
        .getAllByRole("listitem")
        .map((chip) => chip.textContent),
    ).toEqual(["@박지수", "@김민수"]);
  });

  it("closes the list with Escape, after which Enter sends", async () => {
    const { props, editor, user } = renderComposer();
    await user.type(editor, "메일은 @");
    await user.keyboard("{Escape}");
    expect(mentionList()).toBeNull();
    await user.keyboard("{Enter}");
    expect(props.onSend).toHaveBeenCalledWith("메일은 @", null, []);
  });

  it("drops a mention whose chip is removed, text included", async () => {
    const { props, editor, user } = renderComposer();
    await user.type(editor, "@김{Enter}안녕하세요");
    await user.click(screen.getByRole("button", { name: "김민수 멘션 삭제" }));
    expect(editor.value).toBe("안녕하세요");
    expect(screen.queryByRole("list", { name: "멘션한 대화 상대" })).toBeNull();
    await user.keyboard("{Enter}");
    expect(props.onSend).toHaveBeenCalledWith("안녕하세요", null, []);
  });

  it("opens the list from the mention button", async () => {
    const { editor, user } = renderComposer();
    await user.type(editor, "확인");
    await user.click(screen.getByRole("button", { name: "멘션" }));
    expect(editor.value).toBe("확인 @");
    expect(optionNames()).toHaveLength(3);
    await user.keyboard("{Enter}");
    expect(editor.value).toBe("확인 @김민수 ");
  });

  it("offers no mentions in the self room", async () => {
    const { props, editor, user } = renderComposer({
      roomType: 4,
      members: [],
    });
    expect(screen.queryByRole("button", { name: "멘션" })).toBeNull();
    await user.type(editor, "@메모{Enter}");
    expect(mentionList()).toBeNull();
    expect(props.onSend).toHaveBeenCalledWith("@메모", null, []);
  });
});

describe("Composer reply bar", () => {
  const replyTo = {
    messageKey: "1700000000000",
    senderName: "김민수",
    text: "내일 오전 10시에 3층 대회의실에서 주간 회의를 합니다",
  };

  it("quotes the first 20 characters of the message being answered", () => {
    renderComposer({ replyTo });
    const bar = screen.getByRole("group", { name: "김민수님에게 답장" });
    expect(bar.textContent).toContain("내일 오전 10시에 3층 대회의실에서...");
    expect(bar.textContent).not.toContain("주간");
  });

  it("goes back to the message and cancels the reply", async () => {
    const { props, user } = renderComposer({ replyTo });
    await user.click(screen.getByRole("button", { name: "원문으로 이동" }));
    expect(props.onJumpToReply).toHaveBeenCalledWith("1700000000000");
    await user.click(screen.getByRole("button", { name: "답장 취소" }));
    expect(props.onCancelReply).toHaveBeenCalledOnce();
  });

  it("sends the answer with the message it replies to", async () => {
    const { props, editor, user } = renderComposer({ replyTo });
    await user.type(editor, "네 참석합니다{Enter}");
    expect(props.onSend).toHaveBeenCalledWith("네 참석합니다", replyTo, []);
  });
});

describe("Composer attachments and tools", () => {
  it("hands a pasted image over instead of inserting anything", () => {
    const { props, editor } = renderComposer();
    const image = new File(["png"], "image.png", { type: "image/png" });
    const notPrevented = fireEvent.paste(editor, {
      clipboardData: { files: [image] },
    });
    expect(notPrevented).toBe(false);
    expect(props.onPasteImage).toHaveBeenCalledExactlyOnceWith(image);
    expect(editor.value).toBe("");
  });

  it("lets pasted text through", () => {
    const { props, editor } = renderComposer();
    const notPrevented = fireEvent.paste(editor, {
      clipboardData: { files: [] },
    });
    expect(notPrevented).toBe(true);
    expect(props.onPasteImage).not.toHaveBeenCalled();
  });

  it("attaches the files picked with the file button", async () => {
    const { props, user } = renderComposer();
    const input = screen.getByLabelText<HTMLInputElement>("첨부할 파일");
    const click = vi.spyOn(input, "click");
    await user.click(screen.getByRole("button", { name: "파일 첨부" }));
    expect(click).toHaveBeenCalledOnce();
    const files = [
      new File(["a"], "a.txt", { type: "text/plain" }),
      new File(["b"], "b.pdf", { type: "application/pdf" }),
    ];
    await user.upload(input, files);
    expect(props.onAttachFiles).toHaveBeenCalledExactlyOnceWith(files);
  });

  it("inserts an emoji from the emoji dialog", async () => {
    const { editor, user } = renderComposer();
    await user.type(editor, "좋아요");
    await user.click(screen.getByRole("button", { name: "이모티콘" }));
    const dialog = screen.getByRole("dialog", { name: "이모티콘 선택" });
    await user.click(within(dialog).getByRole("button", { name: "👍" }));
    expect(editor.value).toBe("좋아요👍");
    await waitFor(() => {
      expect(
        screen.queryByRole("dialog", { name: "이모티콘 선택" }),
      ).toBeNull();
    });
  });

  it("shows the webhard and capture buttons only when the window offers them", () => {
    renderComposer();
    expect(screen.queryByRole("button", { name: "웹하드" })).toBeNull();
    expect(screen.queryByRole("button", { name: "화면 캡처" })).toBeNull();
  });

  it("opens the webhard and the capture tool", async () => {
    const onOpenWebhard = vi.fn();
    const onCapture = vi.fn();
    const { user } = renderComposer({ onOpenWebhard, onCapture });
    await user.click(screen.getByRole("button", { name: "웹하드" }));
    await user.click(screen.getByRole("button", { name: "화면 캡처" }));
    expect(onOpenWebhard).toHaveBeenCalledOnce();
    expect(onCapture).toHaveBeenCalledOnce();
  });
});
