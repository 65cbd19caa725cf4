/** This node's sessions by stream-management id, for XEP-0198 resumption (a resumption lands on the node that held it). */
import type { ChatSession } from "./chat-session.js";

export class SessionRegistry {
  private readonly byResumeId = new Map<string, ChatSession>();
  private readonly all = new Set<ChatSession>();

  add(session: ChatSession): void {
    this.all.add(session);
  }

  remove(session: ChatSession): void {
    this.all.delete(session);
    if (session.resumeId) this.byResumeId.delete(session.resumeId);
  }

  setResumable(session: ChatSession, id: string): void {
    this.byResumeId.set(id, session);
  }

  findResumable(id: string): ChatSession | undefined {
    return this.byResumeId.get(id);
  }

  /**
   * Ends the sessions whose access token expired unrenewed, attached or waiting for resumption.
   * @param now the current time in ms.
   */
  expire(now: number): void {
    for (const session of this.all) session.expireIfDue(now);
  }

  /** Every live or detached session, e.g. to shut down. */
  list(): ChatSession[] {
    return [...this.all];
  }
}
