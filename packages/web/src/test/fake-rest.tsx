/**
 * Component tests of screens that call the REST API: a signed-in session whose `fetch` is answered by a route table
 * in the test (the real API client, interceptor and schemas run), inside the providers the app gives every window.
 */
import type { UserInfo } from "@moa/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { App as AntdApp, ConfigProvider } from "antd";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { vi } from "vitest";
import { SessionController, SessionProvider } from "../features/session";
import { createI18n } from "../i18n";

/** A request the screen sent. */
export type SentRequest = { method: string; path: string; body: unknown };

/** Answers a request: the JSON body to return, or undefined for a 404. */
export type RestRoutes = (req: SentRequest) => unknown;

/** The signed-in user of these tests. */
export const TEST_USER: UserInfo = {
  userKey: 7,
  corpSeq: 1,
  deptId: "d1",
  deptName: "개발팀",
  loginId: "minsu.kim",
  messengerId: "minsu.kim.demo.moa.test@chat.moa.test",
  name: "김민수",
  nickname: "",
  position: "사원",
  title: "팀원",
  email: "minsu.kim@demo.moa.test",
  photoUrl: "",
  domain: "demo.moa.test",
  companyName: "모아테크",
  xmppDomain: "chat.moa.test",
  freeUserYn: "N",
  isUseSms: "Y",
  crxUserYn: "N",
  hasAttdWrtPwr: "Y",
  pwdExpiredYn: "N",
};

/**
 * Renders `ui` with a signed-in session whose calls `routes` answers.
 * @returns what was sent, in order, and the session.
 */
export function renderWithRest(ui: ReactNode, routes: RestRoutes) {
  const sent: SentRequest[] = [];
  vi.stubGlobal("fetch", (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input), window.location.href);
    const req: SentRequest = {
      method: init?.method ?? "GET",
      path: url.pathname + url.search,
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
    };
    sent.push(req);
    const answer = routes(req);
    return Promise.resolve(
      answer === undefined
        ? new Response("{}", { status: 404 })
        : new Response(JSON.stringify(answer), {
            status: 200,
            headers: { "content-type": "application/json" },
          }),
    );
  });
  const session = new SessionController({ baseUrl: "", locale: () => "ko-kr" });
  session.tokens.set({ accessToken: "access", refreshToken: "refresh" });
  session.store.setState({
    phase: "signedIn",
    user: TEST_USER,
    webToken: "web",
  });
  const queries = new QueryClient({
    defaultOptions: { queries: { retry: false } },
  });
  const view = render(
    <I18nextProvider i18n={createI18n("ko-KR")}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AntdApp>
          <QueryClientProvider client={queries}>
            <SessionProvider controller={session}>{ui}</SessionProvider>
          </QueryClientProvider>
        </AntdApp>
      </ConfigProvider>
    </I18nextProvider>,
  );
  return { sent, session, view };
}
