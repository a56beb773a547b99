// Reading the audit trail: one object's trail (its own events and those of its parts), the trail of
// everything the viewer may read with filters, pages and a CSV file, and the verification of the chain.
// What a viewer may read is their current workspace's trail (every role holds audit.read, docs/roles.md)
// and their own events outside any workspace.
import {
  auditQuerySchema,
  type AuditEntry,
  type AuditFilters,
  type AuditObjectKind,
  type AuditPage,
} from '@eluent/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { parseQuery } from '../../lib/input.ts';
import {
  auditOf,
  auditVocabulary,
  objectWorkspace,
  searchAudit,
  type AuditedTable,
  type AuditSearch,
} from '../../repositories/audit.ts';
import { auditCsv } from './audit-csv.ts';
import { describeAuditRows } from './describe.ts';
import { actionLabel, entityLabel } from './labels.ts';
import type { AuditCheckpoints } from './checkpoints.ts';
import { requireRole, type Actor } from '../workspaces/actor.ts';

const CSV_MAX_ROWS = 100_000;

const tableOfKind: Record<AuditObjectKind, AuditedTable> = {
  methods: 'methods',
  templates: 'postprocessingTemplates',
  instruments: 'devices',
  samples: 'samples',
  sequences: 'sequences',
  measurements: 'measurements',
  overlays: 'overlays',
};

function isKind(kind: string): kind is AuditObjectKind {
  return Object.hasOwn(tableOfKind, kind);
}

export function createAuditTrailService(deps: {
  db: Kysely<Database>;
  /** The signed checkpoints the verification compares the chain with. */
  checkpoints: Pick<AuditCheckpoints, 'verify'>;
}) {
  const { db } = deps;

  /** What the actor may read: the events of their current workspace, and their own outside any. */
  const readable = (actor: Actor) => {
    requireRole(actor, 'audit.read');
    return { workspaceId: actor.workspaceId, userId: actor.userId };
  };

  function searchOf(actor: Actor, query: unknown): AuditSearch & { format: 'json' | 'csv' } {
    const parsed = parseQuery(auditQuerySchema, query);
    const from = parsed.from ? new Date(parsed.from) : undefined;
    const to = parsed.to ? new Date(parsed.to) : undefined;
    if (from && to && from >= to) throw AppError.domain(400, 'audit_range_invalid');
    return {
      visibleTo: readable(actor),
      userId: parsed.user_id,
      entity: parsed.entity,
      action: parsed.action,
      from,
      to,
      text: parsed.text,
      offset: parsed.offset,
      limit: parsed.limit,
      format: parsed.format,
    };
  }

  return {
    /** The trail of one object, oldest first: its own events and those of its rows, results and peaks. */
    async objectTrail(actor: Actor, kind: string, id: number): Promise<AuditEntry[]> {
      if (!isKind(kind)) throw AppError.domain(404, 'audit_object_kind_unknown');
      const { workspaceId } = readable(actor);
      const table = tableOfKind[kind];
      const object = await objectWorkspace(db, table, id);
      if (!object || (object.workspaceId !== null && object.workspaceId !== workspaceId))
        throw AppError.domain(404, 'audit_object_not_found');
      const rows = await auditOf(db, [{ entity: table, ids: [id] }]);
      return describeAuditRows(db, workspaceId, rows);
    },

    /** One page of the events the viewer may read, newest first, or all of them as CSV. */
    async search(
      actor: Actor,
      query: unknown,
    ): Promise<{ format: 'json'; page: AuditPage } | { format: 'csv'; csv: string }> {
      const search = searchOf(actor, query);
      if (search.format === 'csv') {
        const { rows } = await searchAudit(db, { ...search, offset: 0, limit: CSV_MAX_ROWS });
        return { format: 'csv', csv: auditCsv(await describeAuditRows(db, actor.workspaceId, rows)) };
      }
      const { total, rows } = await searchAudit(db, search);
      return {
        format: 'json',
        page: {
          total,
          offset: search.offset,
          limit: search.limit,
          entries: await describeAuditRows(db, actor.workspaceId, rows),
        },
      };
    },

    /** The kinds of object and actions present, in words, for the filters of the workspace view. */
    async filters(actor: Actor): Promise<AuditFilters> {
      const pairs = await auditVocabulary(db, readable(actor));
      const entities = [...new Set(pairs.map((p) => p.entity))];
      const actions = [...new Set(pairs.map((p) => p.action))];
      return {
        entities: entities.map((entity) => ({ entity, label: entityLabel(entity) })),
        actions: actions.map((action) => ({ action, label: actionLabel(action) })),
      };
    },

    verify(actor: Actor) {
      readable(actor);
      return deps.checkpoints.verify();
    },
  };
}

export type AuditTrailService = ReturnType<typeof createAuditTrailService>;
