/**
 * The webhard window's rules (spec §2.10, §5): login form checks, browsing with the parent-folder row, the selection
 * counter and its cut to 20 (WH.A.023), sending with nothing selected (WH.A.017) and cancelling a send (WH.A.018).
 * The window talks to a scripted main window over a real bridge.
 */
import {
  createBridge,
  createMemoryHub,
  type BridgeRequests,
  type WebhardFileData,
} from "@moa/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { navigate } from "../../lib/router";
import { renderInRoom } from "../../test/room-files";
import { WebhardPage } from "./WebhardPage";

const ROOM = "pc_team1";
const DOCS = 11;
const PLANS = 12;

const file = (id: number, name: string): WebhardFileData => ({
  id,
  name,
  extension: name.split(".").pop() ?? "",
  updateDate: "2025-03-01T00:00:00.000Z",
  size: 12_345,
  encOwnerId: "",
  roleDownload: 0,
});

const minutes = Array.from({ length: 22 }, (_, i) =>
  file(100 + i, `회의록 ${String(i + 1).padStart(2, "0")}.docx`),
);

/** A scripted main window: a webhard with the root, a folder of 22 files and a sub-folder. */
function mainWindow(opts: { holdSends?: boolean; loggedIn?: boolean } = {}) {
  const hub = createMemoryHub();
  const main = createBridge("main", hub.connect());
  const picker = createBridge("file-picker", hub.connect());
  const logins: BridgeRequests["webhard:login"][] = [];
  const linkAsks: number[][] = [];
  const sent: BridgeRequests["webhard:send-link"][] = [];
  const held: (() => void)[] = [];
  main.handle("webhard:get-state", () => ({
    loggedIn: opts.loggedIn ?? false,
  }));
  main.handle("webhard:login", (req) => {
    logins.push(req);
    return { resultCode: req.password === "secret" ? "00000" : "40100" };
  });
  main.handle("webhard:list", ({ folderId }) => {
    const ok = { resultCode: "00000" };
    if (folderId === 0)
      return {
        ...ok,
        folders: [{ id: DOCS, folderType: 1, name: "공용 문서" }],
        files: [file(1, "README.txt")],
      };
    if (folderId === DOCS)
      return {
        ...ok,
        folders: [{ id: PLANS, folderType: 1, name: "2025 사업계획" }],
        files: minutes,
      };
    return { ...ok, folders: [], files: [file(2, "예산.xlsx")] };
  });
  main.handle("webhard:make-links", ({ fileIds }) => {
    linkAsks.push(fileIds);
    return {
      resultCode: "00000",
      links: fileIds.map((id) => ({
        fileName: `file ${String(id)}`,
        token: `token${String(id).padStart(16, "0")}`,
      })),
    };
  });
  main.handle("webhard:send-link", async (req) => {
    sent.push(req);
    if (opts.holdSends)
      await new Promise<void>((resolve) => {
        held.push(resolve);
      });
    return { sent: true };
  });
  return { picker, logins, linkAsks, sent, held };
}

function openWindow(opts: { holdSends?: boolean; loggedIn?: boolean } = {}) {
  navigate(`/webhard?rparam=${ROOM}`, { replace: true });
  const main = mainWindow(opts);
  renderInRoom(<WebhardPage />, main.picker);
  return { ...main, user: userEvent.setup() };
}

async function logIn(w: ReturnType<typeof openWindow>) {
  await w.user.type(await screen.findByLabelText("아이디"), "minsu.kim");
  await w.user.type(screen.getByLabelText("비밀번호"), "secret");
  await w.user.click(screen.getByRole("button", { name: "로그인" }));
  await screen.findByRole("table", { name: "파일 목록" });
}

/** The alert dialog's text, then closes it. */
async function alertText(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole("dialog");
  const text = dialog.textContent;
  await user.click(within(dialog).getByRole("button", { name: "확인" }));
  await waitFor(() => {
    expect(screen.queryByRole("dialog")).toBeNull();
  });
  return text;
}

const checked = (name: string) =>
  screen.getByRole<HTMLInputElement>("checkbox", { name }).checked;

const counter = () => screen.getByRole("status", { name: /선택한 파일/ });

describe("webhard window", () => {
  it("checks the login form (WH.A.007, WH.A.008) and says WH.A.021 + WH.A.022 for a refused login", async () => {
    const w = openWindow();
    const login = await screen.findByRole("button", { name: "로그인" });
    await w.user.click(login);
    expect(await alertText(w.user)).toContain("아이디를 입력해 주세요.");
    await w.user.type(screen.getByLabelText("아이디"), "  minsu.kim ");
    await w.user.click(login);
    expect(await alertText(w.user)).toContain("비밀번호를 입력해 주세요.");
    expect(w.logins).toEqual([]);

    await w.user.type(screen.getByLabelText("비밀번호"), "wrong");
    await w.user.click(login);
    const refused = await alertText(w.user);
    expect(refused).toContain("웹하드 로그인에 실패했습니다.");
    expect(refused).toContain("잠시 후 다시 시도해 주세요.");
    expect(w.logins).toEqual([{ id: "minsu.kim", password: "wrong" }]);
    expect(screen.queryByRole("table")).toBeNull();

    await w.user.type(screen.getByLabelText("비밀번호"), "secret");
    await w.user.click(login);
    await screen.findByRole("table", { name: "파일 목록" });
  });

  it("opens usable, without the login form, once the session logged in to the webhard", async () => {
    const w = openWindow({ loggedIn: true });
    const table = await screen.findByRole("table", { name: "파일 목록" });
    await within(table).findByText("README.txt");
    expect(screen.queryByRole("form", { name: "웹하드 로그인" })).toBeNull();
    expect(w.logins).toEqual([]);
  });

  it("opens a folder and goes back through the parent-folder row, which the root has not", async () => {
    const w = openWindow();
    await logIn(w);
    const table = screen.getByRole("table", { name: "파일 목록" });
    await within(table).findByText("README.txt");
    expect(
      within(table).queryByRole("button", { name: "상위 폴더" }),
    ).toBeNull();
    await w.user.click(
      within(table).getByRole("button", { name: "공용 문서 폴더 열기" }),
    );
    await within(table).findByText("회의록 01.docx");
    await w.user.click(
      within(table).getByRole("button", { name: "2025 사업계획 폴더 열기" }),
    );
    await within(table).findByText("예산.xlsx");
    await w.user.click(
      within(table).getByRole("button", { name: "상위 폴더" }),
    );
    await within(table).findByText("회의록 01.docx");
    await w.user.click(
      within(table).getByRole("button", { name: "상위 폴더" }),
    );
    await within(table).findByText("README.txt");
  });

  it("counts the selection and cuts more than 20 files to the first 20 with WH.A.023", async () => {
    const w = openWindow();
    await logIn(w);
    expect(counter().textContent).toBe("0 / 20");
    await w.user.click(
      screen.getByRole("button", { name: "공용 문서 폴더 열기" }),
    );
    await screen.findByText("회의록 01.docx");
    // "Select all" picks the folder's 22 files: cut to the first 20, and said so.
    const all = screen.getByRole("checkbox", { name: "모든 파일 선택" });
    await w.user.click(all);
    expect(await alertText(w.user)).toContain("20개까지");
    expect(counter().textContent).toBe("20 / 20");
    expect(checked("회의록 20.docx 선택")).toBe(true);
    expect(checked("회의록 21.docx 선택")).toBe(false);
    // One more is one too many: refused and said so.
    await w.user.click(
      screen.getByRole("checkbox", { name: "회의록 21.docx 선택" }),
    );
    expect(await alertText(w.user)).toContain("20개까지");
    expect(checked("회의록 21.docx 선택")).toBe(false);
    // Unpicking one frees a place.
    await w.user.click(
      screen.getByRole("checkbox", { name: "회의록 05.docx 선택" }),
    );
    expect(counter().textContent).toBe("19 / 20");
    await w.user.click(
      screen.getByRole("checkbox", { name: "회의록 21.docx 선택" }),
    );
    expect(counter().textContent).toBe("20 / 20");
    expect(screen.queryByRole("dialog")).toBeNull();
    // With files picked, the header box clears the folder's picks.
    await w.user.click(all);
    expect(counter().textContent).toBe("0 / 20");
  });

  it("says WH.A.017 when sending nothing, and sends the selected files as links into the room", async () => {
    const w = openWindow();
    await logIn(w);
    const send = screen.getByRole("button", { name: "링크 보내기" });
    await w.user.click(send);
    expect(await alertText(w.user)).toContain("보낼 파일을 선택해 주세요.");
    expect(w.linkAsks).toEqual([]);

    await w.user.click(
      screen.getByRole("button", { name: "공용 문서 폴더 열기" }),
    );
    for (const f of minutes.slice(0, 3))
      await w.user.click(
        await screen.findByRole("checkbox", { name: `${f.name} 선택` }),
      );
    await w.user.click(send);
    await screen.findByText("링크 3개를 보냈습니다.");
    expect(w.linkAsks).toEqual([[100, 101, 102]]);
    expect(w.sent.map((s) => [s.roomName, s.token])).toEqual([
      [ROOM, "token0000000000000100"],
      [ROOM, "token0000000000000101"],
      [ROOM, "token0000000000000102"],
    ]);
    expect(counter().textContent).toBe("0 / 20");
  });

  it("asks WH.A.018 on cancel while sending and stops before the next link", async () => {
    const w = openWindow({ holdSends: true });
    await logIn(w);
    await w.user.click(
      screen.getByRole("button", { name: "공용 문서 폴더 열기" }),
    );
    for (const f of minutes.slice(0, 3))
      await w.user.click(
        await screen.findByRole("checkbox", { name: `${f.name} 선택` }),
      );
    await w.user.click(screen.getByRole("button", { name: "링크 보내기" }));
    await waitFor(() => {
      expect(w.sent).toHaveLength(1);
    });
    await w.user.click(screen.getByRole("button", { name: "취소" }));
    const confirm = await screen.findByRole("dialog");
    expect(confirm.textContent).toContain("링크 보내기를 취소하시겠습니까?");
    await w.user.click(within(confirm).getByRole("button", { name: "확인" }));
    w.held.shift()?.();
    await screen.findByText("링크 보내기를 취소했습니다. 보낸 링크: 1개");
    expect(w.sent).toHaveLength(1);
  });
});
