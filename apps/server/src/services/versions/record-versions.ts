// Versions of methods and templates (docs/signatures.md "Versions of methods and templates"): the list of a
// record's versions and one version whole. Read with the record's own read rule: whoever may read the
// method or template may read its versions; another workspace's record is not found.
import type { RecordVersion, RecordVersionList } from '@eluent/contracts';
import { AppError } from '../../errors.ts';
import type { RecordVersionsRepository, VersionRow } from '../../repositories/record-versions.ts';
import type { SamplesRepository } from '../../repositories/samples.ts';
import type { TemplateComponentsRepository } from '../../repositories/template-components.ts';
import { requireRole, type Actor } from '../workspaces/actor.ts';
import { versionChanges } from './version-changes.ts';

function summary({ snapshot: _snapshot, ...row }: VersionRow) {
  return { ...row, created_at: new Date(row.created_at).toISOString() };
}

/** One version whole, with what differs from it to the current version. */
function whole(entity: string, row: VersionRow | undefined, current: VersionRow | undefined): RecordVersion {
  if (!row) throw AppError.domain(404, 'record_version_not_found');
  const changes = current ? versionChanges(entity, row.snapshot, current.snapshot) : [];
  return { ...summary(row), snapshot: row.snapshot, changes };
}

export function createRecordVersionsService(deps: {
  versions: RecordVersionsRepository;
  methods: Pick<SamplesRepository, 'method'>;
  templates: Pick<TemplateComponentsRepository, 'readable'>;
}) {
  const { versions, methods, templates } = deps;

  async function method(actor: Actor, methodId: number) {
    requireRole(actor, 'methods.read');
    const row = await methods.method(actor.workspaceId, methodId);
    if (!row) throw AppError.domain(404, 'method_not_found');
    return row;
  }

  async function template(actor: Actor, uuid: string) {
    requireRole(actor, 'templates.read');
    const row = await templates.readable(actor.workspaceId, uuid);
    if (!row) throw AppError.domain(404, 'template_not_found');
    return row;
  }

  return {
    async methodVersions(actor: Actor, methodId: number): Promise<RecordVersionList> {
      const row = await method(actor, methodId);
      const list = await versions.methodVersions(methodId);
      return { current_version: row.version, versions: list.map(summary) };
    },
    async methodVersion(actor: Actor, methodId: number, version: number): Promise<RecordVersion> {
      const row = await method(actor, methodId);
      const [kept, current] = await Promise.all([
        versions.methodVersion(methodId, version),
        versions.methodVersion(methodId, row.version),
      ]);
      return whole('methods', kept, current);
    },
    async templateVersions(actor: Actor, uuid: string): Promise<RecordVersionList> {
      const row = await template(actor, uuid);
      const list = await versions.templateVersions(row.uuid);
      return { current_version: row.version, versions: list.map(summary) };
    },
    async templateVersion(actor: Actor, uuid: string, version: number): Promise<RecordVersion> {
      const row = await template(actor, uuid);
      const [kept, current] = await Promise.all([
        versions.templateVersion(row.uuid, version),
        versions.templateVersion(row.uuid, row.version),
      ]);
      return whole('postprocessingTemplates', kept, current);
    },
  };
}

export type RecordVersionsService = ReturnType<typeof createRecordVersionsService>;
