/** Dropping files on the room window's message area sends them; the area shows where to drop while dragging. */
import {
  createEvent,
  fireEvent,
  screen,
  waitFor,
} from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FileDropArea } from "./FileDropArea";
import { RoomUploadsProvider } from "./RoomUploads";
import {
  createMainWindow,
  FakeXhr,
  renderInRoom,
  ROOM,
  useFakeXhr,
} from "../../../test/room-files";

function drag(
  type: "dragEnter" | "dragOver" | "dragLeave" | "drop",
  target: Element,
  data: { types: string[]; files?: File[] },
) {
  const event = createEvent[type](target);
  Object.defineProperty(event, "dataTransfer", {
    value: { types: data.types, files: data.files ?? [], dropEffect: "none" },
  });
  fireEvent(target, event);
}

function setup() {
  renderInRoom(
    <RoomUploadsProvider roomName={ROOM}>
      <FileDropArea>
        <p>메시지 목록</p>
      </FileDropArea>
    </RoomUploadsProvider>,
    createMainWindow().room,
  );
  return screen.getByRole("region", { name: "파일 놓기 영역" });
}

const HINT = "여기에 파일을 놓으면 전송됩니다";

beforeEach(() => {
  useFakeXhr();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("FileDropArea", () => {
  it("highlights while files are dragged over it and uploads the dropped files", async () => {
    const area = setup();
    const files = [new File(["a"], "회의록.docx"), new File(["b"], "사진.png")];
    drag("dragEnter", area, { types: ["Files"] });
    drag("dragEnter", screen.getByText("메시지 목록"), { types: ["Files"] });
    expect(screen.getByText(HINT)).toBeTruthy();
    // Leaving a child is not leaving the area.
    drag("dragLeave", screen.getByText("메시지 목록"), { types: ["Files"] });
    expect(screen.getByText(HINT)).toBeTruthy();
    drag("drop", area, { types: ["Files"], files });
    expect(screen.queryByText(HINT)).toBeNull();
    await waitFor(() => {
      expect(FakeXhr.sent).toHaveLength(1);
    });
    expect(FakeXhr.sent[0]?.file.name).toBe("회의록.docx");
  });

  it("drops the highlight when the drag leaves", () => {
    const area = setup();
    drag("dragEnter", area, { types: ["Files"] });
    drag("dragLeave", area, { types: ["Files"] });
    expect(screen.queryByText(HINT)).toBeNull();
  });

  it("ignores drags of text", () => {
    const area = setup();
    drag("dragEnter", area, { types: ["text/plain"] });
    expect(screen.queryByText(HINT)).toBeNull();
    drag("drop", area, { types: ["text/plain"] });
    expect(FakeXhr.sent).toHaveLength(0);
  });
});
