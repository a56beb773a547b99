// Who is on the other end of a realtime connection or a subscription-token request.
import type { VisitorScope } from '@eluent/contracts';

/** A signed-in user (access token). */
export interface UserSubject {
  kind: 'user';
  userId: number;
  /** The sign-in the access token belongs to (`sid`): a sign-out ends that session's connections only. */
  sessionId?: string;
}

/** A visitor holding a token issued for a share token: it may read only what `scope` opens. */
export interface VisitorSubject {
  kind: 'visitor';
  scope: VisitorScope;
  /** Every claim of the visitor token, for authorizers that need more than the scope (e.g. the share token id). */
  claims: Record<string, unknown>;
}

/** A connection without any token: it may only use subscription tokens issued to visitors. */
export interface AnonymousSubject {
  kind: 'anonymous';
}

export type Subject = UserSubject | VisitorSubject | AnonymousSubject;

/** Decides whether a subject may read a channel of one namespace; `channelId` is the number after the colon. */
export type ChannelAuthorizer = (
  subject: UserSubject | VisitorSubject,
  channelId: number,
) => Promise<boolean>;

/** Turns the token a visitor presents (a visitor JWT, or whatever the sharing module accepts) into a subject. */
export type VisitorResolver = (token: string) => Promise<VisitorSubject | null>;

/** The user id string of the protocol (`ClientInfo.user`, token `sub`): '' for visitors and anonymous clients. */
export function protocolUser(subject: Subject): string {
  return subject.kind === 'user' ? String(subject.userId) : '';
}
