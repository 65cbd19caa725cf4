/**
 * Test harness for the room window's file modules: the room window's bridge next to a scripted main window (token,
 * own info, FILE messages), a fake XMLHttpRequest the test answers, and the app's providers.
 */
import {
  createBridge,
  createMemoryHub,
  type BridgeRequests,
  type ChatFileData,
} from "@moa/shared";
import { render } from "@testing-library/react";
import { App as AntdApp, ConfigProvider } from "antd";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { onTestFinished, vi } from "vitest";
import { createI18n, type Locale } from "../i18n";
import { BridgeProvider } from "../lib/bridge";

export const ROOM = "pc_room1";

/** A fake XMLHttpRequest: records each request and lets the test send progress and answers. */
export class FakeXhr extends EventTarget {
  static sent: FakeXhr[] = [];
  readonly upload = new EventTarget();
  readonly headers: Record<string, string> = {};
  method = "";
  url = "";
  body: FormData | null = null;
  status = 0;
  responseText = "";
  aborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event("abort"));
  }

  /** The uploaded file of this request. */
  get file(): File {
    return this.body?.get("multipartFile") as File;
  }
  progress(loaded: number, total: number) {
    const e = new ProgressEvent("progress", {
      loaded,
      total,
      lengthComputable: true,
    });
    this.upload.dispatchEvent(e);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.dispatchEvent(new Event("load"));
  }
  /** Answers as the server does for a stored file. */
  succeed(fileno: number) {
    this.respond(200, {
      ErrorCode: "00",
      trid: "1",
      multipartFile: [storedFile(this.file.name, this.file.size, fileno)],
    });
  }
}

/** A file record as the upload answers it. */
export function storedFile(
  name: string,
  size: number,
  fileno: number,
): ChatFileData {
  return {
    fileName: name,
    fileSize: `${String(size)} B`,
    fileSizeOrg: size,
    fileno,
    fileDownUrl: "http://moa.test/fileupload/Common/download.on21",
    thumbUrl: "",
  };
}

/** Installs the fake XHR for one test. */
export function useFakeXhr() {
  FakeXhr.sent = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
}

/** The room window's bridge and a scripted main window answering it. */
export function createMainWindow() {
  const hub = createMemoryHub();
  const main = createBridge("main", hub.connect());
  const room = createBridge(`room:${ROOM}`, hub.connect());
  const announced: BridgeRequests["file:send"][] = [];
  const tokenAsks: (string | undefined)[] = [];
  let token = "token-1";
  main.handle("me:get", () => ({
    jid: "minsu.kim.demo@moa.test",
    loginId: "minsu.kim",
    name: "김민수",
    nickname: "",
    position: "",
    deptName: "",
    photoUrl: "",
    freeUser: false,
    presence: "on",
  }));
  main.handle("session:get-access-token", ({ refused }) => {
    tokenAsks.push(refused);
    if (refused === token) token = `${token}+`;
    return { accessToken: token };
  });
  main.handle("file:send", (req) => {
    announced.push(req);
    return { sent: req.files.length };
  });
  return { main, room, announced, tokenAsks };
}

/** Renders a room window part with the app's providers. */
export function renderInRoom(
  ui: ReactNode,
  room: ReturnType<typeof createBridge>,
  locale: Locale = "ko-KR",
) {
  return render(
    <I18nextProvider i18n={createI18n(locale)}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AntdApp>
          <BridgeProvider bridge={room}>{ui}</BridgeProvider>
        </AntdApp>
      </ConfigProvider>
    </I18nextProvider>,
  );
}

/** A file of `size` bytes without allocating them (sizes near 1 GB). */
export function fileOfSize(name: string, size: number): File {
  const file = new File(["x"], name);
  Object.defineProperty(file, "size", { value: size });
  return file;
}

/** jsdom has no object URLs: numbered fake ones for one test (restored when the test ends). */
export function stubObjectUrls() {
  let n = 0;
  const created = vi.fn((_blob: Blob) => `blob:${String((n += 1))}`);
  const revoked = vi.fn((_url: string) => undefined);
  const original = {
    create: Object.getOwnPropertyDescriptor(URL, "createObjectURL"),
    revoke: Object.getOwnPropertyDescriptor(URL, "revokeObjectURL"),
  };
  Object.defineProperty(URL, "createObjectURL", {
    value: created,
    configurable: true,
  });
  Object.defineProperty(URL, "revokeObjectURL", {
    value: revoked,
    configurable: true,
  });
  onTestFinished(() => {
    for (const [name, descriptor] of [
      ["createObjectURL", original.create],
      ["revokeObjectURL", original.revoke],
    ] as const)
      if (descriptor) Object.defineProperty(URL, name, descriptor);
      else Reflect.deleteProperty(URL, name);
  });
  return { created, revoked };
}
