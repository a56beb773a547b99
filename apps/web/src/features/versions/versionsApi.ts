// The versions of a method or processing template over REST (docs/signatures.md "Versions of methods and
// templates"): the list, and one version with what differs from it to the current one.
import { recordVersionListSchema, recordVersionSchema } from '@eluent/contracts';
import { call } from '../sequences/sequencesApi.ts';

/** The REST path of a record whose versions are kept. */
export type VersionedRecord = { kind: 'method'; id: number } | { kind: 'template'; uuid: string };

const base = (record: VersionedRecord) =>
  record.kind === 'method'
    ? `/api/methods/${record.id}/versions/`
    : `/api/templates/${record.uuid}/versions/`;

export const fetchVersions = (record: VersionedRecord) => call(recordVersionListSchema, 'GET', base(record));

export const fetchVersion = (record: VersionedRecord, version: number) =>
  call(recordVersionSchema, 'GET', `${base(record)}${version}/`);

export const versionsKey = (record: VersionedRecord) =>
  ['record-versions', record.kind, record.kind === 'method' ? record.id : record.uuid] as const;
