/** The language picker changes every text on screen, antd's included, and is remembered. */
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Empty } from "antd";
import { describe, expect, it } from "vitest";
import { createBridge, createMemoryHub } from "@moa/shared";
import { AppProviders } from "../../app";
import { SessionController } from "../session";
import { createI18n } from "../../i18n";
import { loadLocalePreference } from "../../platform";
import { renderApp } from "../../test/render-app";

describe("LanguageSelect", () => {
  it("switches the login screen from Korean to English and remembers the choice", async () => {
    // A returning user: the company domain was chosen on an earlier run, so no domain dialog covers the screen.
    window.localStorage.setItem(
      "moa.login",
      JSON.stringify({
        domain: "demo.moa.test",
        domains: ["demo.moa.test"],
        saveId: false,
        id: "",
        auto: false,
      }),
    );
    renderApp("#/login");
    expect(
      await screen.findByRole("heading", { level: 1, name: "로그인" }),
    ).toBeTruthy();

    const user = userEvent.setup();
    const picker = screen.getByRole("combobox", { name: "언어" });
    expect(
      screen.getByRole<HTMLOptionElement>("option", { name: "English" })
        .selected,
    ).toBe(false);
    await user.selectOptions(picker, "English");

    expect(
      screen.getByRole("heading", { level: 1, name: "Sign in" }),
    ).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "로그인" })).toBeNull();
    expect(screen.getByRole("combobox", { name: "Language" })).toBeTruthy();
    expect(document.documentElement.lang).toBe("en-US");
    expect(document.title).toBe("Sign in · Moa");
    expect(loadLocalePreference()).toBe("en-US");
  });

  it("switches antd's own texts with ours", async () => {
    const i18n = createI18n("ko-KR");
    const { container } = render(
      <AppProviders
        i18n={i18n}
        session={new SessionController({ baseUrl: "", locale: () => "ko-kr" })}
        bridge={createBridge("main", createMemoryHub().connect())}
      >
        <Empty />
      </AppProviders>,
    );
    const description = () =>
      container.querySelector(".ant-empty-description")?.textContent;
    expect(description()).toBe("데이터 없음");

    await act(() => i18n.changeLanguage("en-US"));
    expect(description()).toBe("No data");
  });
});
