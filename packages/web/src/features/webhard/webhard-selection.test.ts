/** The webhard selection rules (spec §5, §9): picking order kept across folders, at most 20 files. */
import type { WebhardFileData } from "@moa/shared";
import { describe, expect, it } from "vitest";
import { toggleAll, toggleFile } from "./webhard-selection";

const file = (id: number): WebhardFileData => ({
  id,
  name: `f${String(id)}.txt`,
  extension: "txt",
  updateDate: "2025-03-01T00:00:00.000Z",
  size: 1,
  encOwnerId: "",
  roleDownload: 0,
});
const files = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => file(from + i));
const ids = (change: { files: readonly WebhardFileData[] }) =>
  change.files.map((f) => f.id);

describe("webhard selection", () => {
  it("adds and removes single files in picking order", () => {
    const one = toggleFile([], file(3), true);
    const two = toggleFile(one.files, file(1), true);
    expect(ids(two)).toEqual([3, 1]);
    expect(two.cut).toBe(false);
    expect(ids(toggleFile(two.files, file(3), false))).toEqual([1]);
    // Picking a picked file again does not count it twice.
    expect(ids(toggleFile(two.files, file(3), true))).toEqual([1, 3]);
  });

  it("refuses a 21st file: the first 20 stay and the cut is reported", () => {
    const twenty = files(1, 20);
    const change = toggleFile(twenty, file(21), true);
    expect(ids(change)).toEqual(ids({ files: twenty }));
    expect(change.cut).toBe(true);
  });

  it("picks a whole folder after the files picked before, cut to 20 in that order", () => {
    const earlier = files(100, 5);
    const change = toggleAll(earlier, files(1, 22), true);
    expect(ids(change)).toEqual([
      100,
      101,
      102,
      103,
      104,
      ...ids({ files: files(1, 15) }),
    ]);
    expect(change.cut).toBe(true);
    // A folder that fits is not cut; files already picked there are not doubled.
    const fits = toggleAll([file(2)], files(1, 3), true);
    expect(ids(fits)).toEqual([2, 1, 3]);
    expect(fits.cut).toBe(false);
  });

  it("clears a folder's files and keeps the other folders' picks", () => {
    const picked = [file(100), file(1), file(2)];
    expect(ids(toggleAll(picked, files(1, 3), false))).toEqual([100]);
  });
});
