/**
 * The incoming call dialog (spec §2.3, §5): the number reduced to digits and formatted by its length (11, 10, 9 or 8
 * digits), the caller's card or "unknown", and the address-book button that fits.
 */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithRest } from "../../test/fake-rest";
import { IncomingCallDialog } from "./IncomingCallDialog";

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderCall(
  callNumber: string,
  caller: { id: string; company: string; name: string } | null,
) {
  const onShowAddress = vi.fn();
  const onCreateAddress = vi.fn();
  renderWithRest(
    <IncomingCallDialog
      callNumber={callNumber}
      caller={caller}
      onShowAddress={onShowAddress}
      onCreateAddress={onCreateAddress}
      onClose={() => undefined}
    />,
    () => undefined,
  );
  return { onShowAddress, onCreateAddress };
}

describe("incoming call dialog", () => {
  it.each([
    ["01012345678", "010-1234-5678"],
    ["0311234567", "031-123-4567"],
    ["0212345678", "02-1234-5678"],
    ["021234567", "02-123-4567"],
    ["15881234", "1588-1234"],
    ["+82 10-1234-5678", "010-1234-5678"],
  ])("formats %s as %s", async (raw, shown) => {
    renderCall(raw, null);
    const dialog = await screen.findByRole("dialog", { name: "수신 전화" });
    expect(dialog.textContent).toContain(shown);
  });

  it("shows the caller's card with a button to show their address entry", async () => {
    const { onShowAddress, onCreateAddress } = renderCall("01043218765", {
      id: "jiwoo.park",
      company: "모아테크",
      name: "박지우",
    });
    const card = await screen.findByRole("region", { name: "발신자" });
    expect(card.textContent).toContain("박지우");
    expect(card.textContent).toContain("모아테크");
    await userEvent.click(screen.getByRole("button", { name: "주소록 보기" }));
    expect(onShowAddress).toHaveBeenCalledOnce();
    expect(screen.queryByRole("button", { name: "주소록 등록" })).toBeNull();
    expect(onCreateAddress).not.toHaveBeenCalled();
  });

  it("shows an unknown caller with a button to create an address entry", async () => {
    const { onCreateAddress } = renderCall("0299998888", null);
    const dialog = await screen.findByRole("dialog", { name: "수신 전화" });
    expect(dialog.textContent).toContain("알 수 없음");
    expect(screen.queryByRole("button", { name: "주소록 보기" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "주소록 등록" }));
    expect(onCreateAddress).toHaveBeenCalledOnce();
  });
});
