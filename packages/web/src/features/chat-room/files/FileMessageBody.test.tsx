/** A FILE message as the other members see it: icon, name, size, thumbnail, expiry, and the download. */
import type { BridgeEvents } from "@moa/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RoomClockContext } from "../room-clock";
import { FileMessageBody } from "./FileMessageBody";
import {
  createMainWindow,
  renderInRoom,
  ROOM,
  stubObjectUrls,
} from "../../../test/room-files";

type Message = BridgeEvents["message:added"]["message"];

const SENT_AT = Date.UTC(2025, 2, 10, 1, 0, 0);
const DAY = 86_400_000;

function fileMessage(
  file: Partial<NonNullable<Message["file"]>> = {},
): Message {
  return {
    key: String(SENT_AT),
    roomName: ROOM,
    senderJid: "jaewon.yoon.demo@moa.test",
    senderName: "윤재원",
    text: file.fileName ?? "기안서.hwp",
    contentType: "FILE",
    isDel: false,
    isLongMsg: false,
    file: {
      fileName: "기안서.hwp",
      fileSize: 1_572_864,
      fileno: 42,
      ...file,
    },
  };
}

function show(message: Message, now = SENT_AT + DAY, locale?: "en-US") {
  const window = createMainWindow();
  renderInRoom(
    <RoomClockContext value={() => now}>
      <FileMessageBody message={message} />
    </RoomClockContext>,
    window.room,
    locale,
  );
  return { ...window, user: userEvent.setup() };
}

/** A streamed file answer (the body arrives in two chunks). */
function fileResponse(bytes: Uint8Array): Response {
  const half = Math.floor(bytes.length / 2);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes.slice(0, half));
      controller.enqueue(bytes.slice(half));
      controller.close();
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "application/octet-stream",
      "content-length": String(bytes.length),
    },
  });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

/** Records the `<a download>` clicks instead of navigating. */
function captureDownloads() {
  const saved: { name: string; href: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, href: this.href });
  });
  return saved;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("FileMessageBody", () => {
  it("shows the type icon, the name as text and the size", () => {
    show(fileMessage({ fileName: "<b>급여</b>.xlsx", fileSize: 2048 }));
    const message = screen.getByRole("group", {
      name: "파일 <b>급여</b>.xlsx",
    });
    expect(
      within(message).getByRole("img", { name: "엑셀 파일" }),
    ).toBeTruthy();
    expect(within(message).getByText("<b>급여</b>.xlsx")).toBeTruthy();
    expect(message.querySelector("b")).toBeNull();
    expect(message.textContent).toContain("2.00 KB");
  });

  it.each([
    ["보고서.hwp", "한글 문서"],
    ["사진.png", "이미지 파일"],
    ["발표.pptx", "파워포인트 파일"],
    ["계약서.docx", "워드 문서"],
    ["메모.txt", "텍스트 파일"],
    ["매뉴얼.pdf", "PDF 파일"],
    ["자료.zip", "압축 파일"],
    ["setup.exe", "파일"],
  ])("names the icon of %s %s", (fileName, label) => {
    show(fileMessage({ fileName }));
    expect(screen.getByRole("img", { name: label })).toBeTruthy();
  });

  it("downloads with the token and the link fields, shows progress and saves the exact bytes", async () => {
    const bytes = new TextEncoder().encode("결재 문서 본문입니다. 01234567890");
    let stream!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        stream = controller;
      },
    });
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(body, {
          status: 200,
          headers: {
            "content-type": "application/octet-stream",
            "content-length": String(bytes.length),
          },
        }),
      ),
    );
    vi.stubGlobal("fetch", fetchMock);
    const { created } = stubObjectUrls();
    const saved = captureDownloads();
    const { user } = show(fileMessage());
    await user.click(
      screen.getByRole("button", { name: "기안서.hwp 다운로드" }),
    );
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalled();
    });
    const half = bytes.length / 2;
    stream.enqueue(bytes.slice(0, half));
    const bar = await screen.findByRole("progressbar", {
      name: "기안서.hwp 다운로드 진행률",
    });
    await waitFor(() => {
      expect(bar.getAttribute("aria-valuenow")).toBe("50");
    });
    stream.enqueue(bytes.slice(half));
    stream.close();
    expect((await screen.findByRole("status")).textContent).toBe(
      "다운로드 완료",
    );

    const [url, init] = fetchMock.mock.calls[0] as unknown as [
      string,
      RequestInit,
    ];
    // Built from the file number on the page's own origin, whatever the message said.
    expect(url).toBe(
      `${window.location.origin}/fileupload/Common/download.on21?ID=webchat_minsu.kim&roomname=${ROOM}&fileno=42&client=pc`,
    );
    expect(new Headers(init.headers).get("Authorization")).toBe(
      "Bearer token-1",
    );
    expect(saved).toEqual([{ name: "기안서.hwp", href: "blob:1" }]);
    const blob = created.mock.calls[0]?.[0] as Blob;
    expect(Array.from(new Uint8Array(await blob.arrayBuffer()))).toEqual(
      Array.from(bytes),
    );
  });

  it("downloads a webhard link from the path built from its token", async () => {
    const bytes = new TextEncoder().encode("주간 회의록");
    const fetchMock = vi.fn(() => Promise.resolve(fileResponse(bytes)));
    vi.stubGlobal("fetch", fetchMock);
    stubObjectUrls();
    const saved = captureDownloads();
    // No file number: the token names the file.
    const { user } = show({
      ...fileMessage(),
      file: {
        fileName: "주간 회의록.docx",
        fileSize: bytes.length,
        webhardLink: "AbCdEfGh_123-4567890xyz",
      },
    });
    await user.click(
      screen.getByRole("button", { name: "주간 회의록.docx 다운로드" }),
    );
    expect((await screen.findByRole("status")).textContent).toBe(
      "다운로드 완료",
    );
    const [url] = fetchMock.mock.calls[0] as unknown as [string];
    expect(url).toBe(
      `${window.location.origin}/external/webhard/v1/download/AbCdEfGh_123-4567890xyz`,
    );
    expect(saved).toEqual([{ name: "주간 회의록.docx", href: "blob:1" }]);
  });

  it("says CH.H.038 when the server no longer has the file", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() =>
        Promise.resolve(
          json(404, { ErrorCode: "01", ErrorMsg: "file_not_found" }),
        ),
      ),
    );
    const saved = captureDownloads();
    const { user } = show(fileMessage());
    await user.click(
      screen.getByRole("button", { name: "기안서.hwp 다운로드" }),
    );
    expect((await screen.findByRole("alert")).textContent).toBe(
      "파일이 존재하지 않습니다. 삭제되었거나 보관 기간(7일)이 지난 파일입니다.",
    );
    expect(saved).toEqual([]);
  });

  it("says CH.H.030 for any other failure (server error, network)", async () => {
    vi.stubGlobal(
      "fetch",
      vi
        .fn()
        .mockResolvedValueOnce(json(500, { ErrorCode: "01" }))
        .mockRejectedValueOnce(new TypeError("Failed to fetch")),
    );
    const { user } = show(fileMessage(), SENT_AT + DAY, "en-US");
    const button = screen.getByRole("button", { name: "Download 기안서.hwp" });
    await user.click(button);
    const failed = "The file could not be downloaded. Please try again later.";
    expect((await screen.findByRole("alert")).textContent).toBe(failed);
    await user.click(button);
    await waitFor(() => {
      expect(screen.getByRole("alert").textContent).toBe(failed);
    });
  });

  it("renews a refused token once and downloads again", async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        json(200, { ErrorCode: "01", ErrorMsg: "ExpiredJwt" }),
      )
      .mockResolvedValueOnce(fileResponse(bytes));
    vi.stubGlobal("fetch", fetchMock);
    stubObjectUrls();
    const saved = captureDownloads();
    const { user, tokenAsks } = show(fileMessage());
    await user.click(
      screen.getByRole("button", { name: "기안서.hwp 다운로드" }),
    );
    await screen.findByRole("status");
    expect(tokenAsks).toEqual([undefined, "token-1"]);
    const second = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(new Headers(second[1].headers).get("Authorization")).toBe(
      "Bearer token-1+",
    );
    expect(saved).toHaveLength(1);
  });

  it("shows a file older than 7 days as expired, without download or thumbnail", () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    show(
      fileMessage({
        fileName: "사진.png",
        thumbnail: true,
      }),
      SENT_AT + 7 * DAY,
    );
    expect(screen.getByText("기간 만료")).toBeTruthy();
    expect(
      screen.getByRole<HTMLButtonElement>("button", {
        name: "사진.png 다운로드",
      }).disabled,
    ).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("loads an image's thumbnail with the token", async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(new Uint8Array([82, 73, 70, 70]), {
          status: 200,
          headers: { "content-type": "image/webp" },
        }),
      ),
    );
    vi.stubGlobal("fetch", fetchMock);
    stubObjectUrls();
    show(
      fileMessage({
        fileName: "사진.png",
        thumbnail: true,
      }),
    );
    const thumbnail = await screen.findByRole("img", {
      name: "사진.png 미리보기",
    });
    expect(thumbnail.getAttribute("src")).toBe("blob:1");
    const [url, init] = fetchMock.mock.calls[0] as unknown as [
      string,
      RequestInit,
    ];
    expect(url).toBe(
      `${window.location.origin}/fileupload/Common/thumbnail.on21?roomname=${encodeURIComponent(ROOM)}&fileno=42`,
    );
    expect(new Headers(init.headers).get("Authorization")).toBe(
      "Bearer token-1",
    );
  });
});
