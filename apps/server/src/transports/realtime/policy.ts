// Which channels exist and who may do what on them: namespaces with pluggable authorizers, and rpc methods.
import { channelNumericId, parseChannel } from '@eluent/contracts';
import type { RetentionOptions } from './broker.ts';
import type { ChannelAuthorizer, Subject, VisitorSubject } from '../../services/realtime/subjects.ts';

export interface NamespaceOptions extends RetentionOptions {
  /** May a subscriber publish from its client? Absent: only services publish. */
  clientPublish?: ChannelAuthorizer;
  /** Every subscription is recoverable even when the client did not ask (live data must not have holes). */
  forceRecovery: boolean;
}

export interface Namespace extends NamespaceOptions {
  authorize: ChannelAuthorizer;
}

export const defaultNamespaceOptions: NamespaceOptions = {
  historySize: 300,
  historyTtlSec: 600,
  forceRecovery: true,
};

export type RpcHandler = (subject: Subject, data: unknown) => Promise<unknown>;

export interface ResolvedChannel {
  namespace: Namespace;
  channelId: number;
}

export function createChannelPolicy() {
  const namespaces = new Map<string, Namespace>();
  const rpcMethods = new Map<string, RpcHandler>();
  let visitorGate: ((subject: VisitorSubject) => Promise<boolean>) | null = null;

  return {
    registerNamespace(name: string, authorize: ChannelAuthorizer, options: Partial<NamespaceOptions> = {}) {
      if (namespaces.has(name)) throw new Error(`realtime namespace '${name}' is already registered`);
      namespaces.set(name, { ...defaultNamespaceOptions, ...options, authorize });
    },

    hasNamespace: (name: string) => namespaces.has(name),

    /** The namespace and numeric id of a channel; null for an unregistered namespace or a malformed id. */
    resolve(channel: string): ResolvedChannel | null {
      const parsed = parseChannel(channel);
      if (!parsed) return null;
      const namespace = namespaces.get(parsed.namespace);
      const channelId = channelNumericId(parsed.id);
      if (!namespace || channelId === null) return null;
      return { namespace, channelId };
    },

    /** Is a visitor still admitted (e.g. its share token not revoked)? Asked before every visitor authorization. */
    setVisitorGate(gate: (subject: VisitorSubject) => Promise<boolean>) {
      visitorGate = gate;
    },

    /** May this subject read the channel? Anonymous subjects read nothing without a subscription token. */
    async authorize(subject: Subject, channel: string): Promise<boolean> {
      const resolved = this.resolve(channel);
      if (!resolved || subject.kind === 'anonymous') return false;
      if (subject.kind === 'visitor' && visitorGate && !(await visitorGate(subject))) return false;
      return resolved.namespace.authorize(subject, resolved.channelId);
    },

    registerRpc(method: string, handler: RpcHandler) {
      if (rpcMethods.has(method)) throw new Error(`realtime rpc '${method}' is already registered`);
      rpcMethods.set(method, handler);
    },

    rpc(method: string): RpcHandler | undefined {
      return rpcMethods.get(method);
    },
  };
}

export type ChannelPolicy = ReturnType<typeof createChannelPolicy>;
