/** Sending files from a room window: the limits, the progress dialog, cancel, per-file errors, pasted images. */
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RoomUploadsProvider, useRoomUploads } from "./RoomUploads";
import {
  createMainWindow,
  FakeXhr,
  fileOfSize,
  renderInRoom,
  ROOM,
  stubObjectUrls,
  useFakeXhr,
} from "../../../test/room-files";

/** Stands in for the composer's file button: a file input handing its files to the uploads. */
function FilePicker() {
  const { pick } = useRoomUploads();
  return (
    <input
      type="file"
      multiple
      aria-label="첨부할 파일"
      onChange={(e) => {
        pick([...(e.target.files ?? [])]);
      }}
    />
  );
}

function setup() {
  const window = createMainWindow();
  renderInRoom(
    <RoomUploadsProvider roomName={ROOM}>
      <FilePicker />
    </RoomUploadsProvider>,
    window.room,
  );
  const user = userEvent.setup();
  const pick = (files: File[]) =>
    user.upload(screen.getByLabelText("첨부할 파일"), files);
  return { ...window, user, pick };
}

const files = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => new File([`내용 ${String(i)}`], `문서${String(i + 1)}.txt`),
  );

/** The request of the n-th upload (1-based), once it was sent. */
async function request(n: number): Promise<FakeXhr> {
  await waitFor(() => {
    expect(FakeXhr.sent.length).toBeGreaterThanOrEqual(n);
  });
  return FakeXhr.sent[n - 1] as FakeXhr;
}

beforeEach(() => {
  useFakeXhr();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("upload limits", () => {
  it("refuses 11 files with the 10-file message and uploads none", async () => {
    const { pick, user } = setup();
    await pick(files(11));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(
      "파일은 한 번에 최대 10개까지 보낼 수 있습니다.",
    );
    expect(FakeXhr.sent).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "확인" }));
    await waitFor(() => {
      expect(screen.queryByRole("alert")).toBeNull();
    });
  });

  it("accepts exactly 10 files", async () => {
    const { pick } = setup();
    await pick(files(10));
    await request(1);
    expect(screen.queryByRole("alert")).toBeNull();
    const dialog = await screen.findByRole("dialog", { name: "파일 전송" });
    expect(dialog.textContent).toContain("1/10");
  });

  it("refuses a file over 1 GB with the 1 GB message", async () => {
    const { pick } = setup();
    await pick([fileOfSize("영상.mp4", 1024 ** 3 + 1)]);
    expect((await screen.findByRole("alert")).textContent).toContain(
      "1GB를 초과하는 파일은 보낼 수 없습니다.",
    );
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("uploads the files that fit and lists the ones over 1 GB as not sent", async () => {
    const { pick, announced } = setup();
    await pick([
      new File(["a"], "보고서.hwp"),
      fileOfSize("백업.zip", 2 * 1024 ** 3),
    ]);
    const dialog = await screen.findByRole("dialog", { name: "파일 전송" });
    (await request(1)).succeed(7);
    const failures = await within(dialog).findByRole("list", {
      name: "보내지 못한 파일 (1)",
    });
    expect(failures.textContent).toContain(
      "백업.zip 1GB를 초과하는 파일은 보낼 수 없습니다.",
    );
    await waitFor(() => {
      expect(announced.map((a) => a.files[0]?.fileName)).toEqual([
        "보고서.hwp",
      ]);
    });
    expect(FakeXhr.sent).toHaveLength(1);
  });
});

describe("upload dialog", () => {
  it("uploads one file after another with the room fields and token, shows n/total and the bar, and posts each FILE message", async () => {
    const { pick, announced } = setup();
    await pick(files(2));
    const dialog = await screen.findByRole("dialog", { name: "파일 전송" });
    const first = await request(1);
    expect(first.method).toBe("POST");
    expect(first.url).toBe(
      `${window.location.origin}/fileupload/Common/uploadMsnAndMobile.on21`,
    );
    expect(first.headers.Authorization).toBe("Bearer token-1");
    expect(first.body?.get("roomname")).toBe(ROOM);
    expect(first.body?.get("ID")).toBe("webchat_minsu.kim");
    expect(first.body?.get("client")).toBe("pc");
    expect(first.file.name).toBe("문서1.txt");
    expect(dialog.textContent).toContain("문서1.txt");
    expect(dialog.textContent).toContain("1/2");

    act(() => {
      first.progress(50, 200);
    });
    const bar = within(dialog).getByRole("progressbar", {
      name: "문서1.txt 전송 진행률",
    });
    expect(bar.getAttribute("aria-valuenow")).toBe("25");
    // The second file waits until the first one is posted to the room.
    expect(FakeXhr.sent).toHaveLength(1);
    first.succeed(11);

    const second = await request(2);
    expect(second.file.name).toBe("문서2.txt");
    await waitFor(() => {
      expect(dialog.textContent).toContain("2/2");
    });
    second.succeed(12);
    await waitFor(() => {
      expect(announced).toHaveLength(2);
    });
    expect(announced.map((a) => [a.roomName, a.files[0]?.fileno])).toEqual([
      [ROOM, 11],
      [ROOM, 12],
    ]);
    await within(dialog).findByText("전송 완료");
    // All sent: the bar goes away by itself (1.5 s).
    await waitFor(
      () => {
        expect(screen.queryByRole("dialog", { name: "파일 전송" })).toBeNull();
      },
      { timeout: 3000 },
    );
  });

  it("cancel aborts the upload in flight and skips the rest", async () => {
    const { pick, user, announced } = setup();
    await pick(files(3));
    const dialog = await screen.findByRole("dialog", { name: "파일 전송" });
    const first = await request(1);
    await user.click(within(dialog).getByRole("button", { name: "전송 취소" }));
    expect(first.aborted).toBe(true);
    await waitFor(() => {
      expect(screen.queryByRole("dialog", { name: "파일 전송" })).toBeNull();
    });
    // The dialog closes only once the queue stopped: nothing else went out, nothing was posted to the room.
    expect(FakeXhr.sent).toHaveLength(1);
    expect(announced).toHaveLength(0);
  });

  it("lists a failed file with its reason, goes on with the next, and stays open until closed", async () => {
    const { pick, user, announced } = setup();
    await pick(files(3));
    const dialog = await screen.findByRole("dialog", { name: "파일 전송" });
    (await request(1)).respond(500, {
      ErrorCode: "01",
      ErrorMsg: "internal_error",
    });
    (await request(2)).respond(413, { ErrorCode: "01", ErrorMsg: "x" });
    (await request(3)).succeed(3);
    const failures = await within(dialog).findByRole("list", {
      name: "보내지 못한 파일 (2)",
    });
    expect(
      within(failures)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "문서1.txt 파일을 보내지 못했습니다.",
      "문서2.txt 1GB를 초과하는 파일은 보낼 수 없습니다.",
    ]);
    await waitFor(() => {
      expect(announced).toHaveLength(1);
    });
    await user.click(within(dialog).getByRole("button", { name: "닫기" }));
    await waitFor(() => {
      expect(screen.queryByRole("dialog", { name: "파일 전송" })).toBeNull();
    });
  });

  it("asks the main window for a renewed token once when the server refuses it, then uploads again", async () => {
    const { pick, tokenAsks, announced } = setup();
    await pick(files(1));
    (await request(1)).respond(200, {
      ErrorCode: "01",
      ErrorMsg: "ExpiredJwt",
    });
    const retry = await request(2);
    expect(retry.headers.Authorization).toBe("Bearer token-1+");
    expect(tokenAsks).toEqual([undefined, "token-1"]);
    retry.succeed(5);
    await waitFor(() => {
      expect(announced).toHaveLength(1);
    });
  });
});

describe("pasted image", () => {
  it("asks with a preview, then sends the image as image_yyyyMMddHHmmss.png", async () => {
    const window = createMainWindow();
    /** Stands in for the composer's paste handler. */
    function Paster() {
      const { pasteImage } = useRoomUploads();
      return (
        <button
          type="button"
          onClick={() => {
            pasteImage(new Blob(["png-bytes"], { type: "image/png" }));
          }}
        >
          붙여넣기
        </button>
      );
    }
    renderInRoom(
      <RoomUploadsProvider roomName={ROOM}>
        <Paster />
      </RoomUploadsProvider>,
      window.room,
    );
    const { created, revoked } = stubObjectUrls();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "붙여넣기" }));
    const dialog = await screen.findByRole("dialog", { name: "이미지 전송" });
    const preview = within(dialog).getByRole("img", {
      name: "붙여넣은 이미지 미리보기",
    });
    expect(preview.getAttribute("src")).toBe("blob:1");
    expect(created).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole("button", { name: "보내기" }));
    expect(revoked).toHaveBeenCalledWith("blob:1");
    const upload = await request(1);
    expect(upload.file.name).toMatch(/^image_\d{14}\.png$/);
    expect(upload.file.type).toBe("image/png");
  });
});
