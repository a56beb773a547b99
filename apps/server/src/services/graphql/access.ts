// Who may do what through GraphQL, and the write rules, as data the compiler turns into SQL
// (repositories/graphql/row-predicates.ts): a user reads the rows of its current workspace and writes those
// its role there may write (the privilege table of docs/roles.md); example methods are readable by all and
// writable by none; a visitor reads only the shared object and what hangs under it.
import type { AccessPolicy } from '../../repositories/graphql/policy.ts';
import { checkMethodChange, checkNewMethod, methodRemoveRule, templateRemoveRule } from './method-rules.ts';
import { checkTemplateValues } from './template-rules.ts';

/** The access of each exposed table; an operation without a privilege is refused. */
export const graphqlAccess: AccessPolicy = {
  devices: { read: 'instruments.read', update: 'instruments.update' },
  methods: {
    read: 'methods.read',
    insert: 'methods.create',
    update: 'methods.update',
    delete: 'methods.delete',
    sharedReadColumn: 'is_example',
    rules: { insert: checkNewMethod, change: checkMethodChange, remove: methodRemoveRule },
  },
  postprocessingTemplates: {
    read: 'templates.read',
    insert: 'templates.create',
    update: 'templates.update',
    delete: 'templates.delete',
    rules: {
      insert: checkTemplateValues,
      change: (_, values) => {
        if (values) checkTemplateValues(values);
      },
      remove: templateRemoveRule,
    },
  },
  samples: { read: 'samples.read', visitorReads: true },
  standards: { read: 'samples.read', visitorReads: true },
  sequences: { read: 'sequences.read', visitorReads: true },
  drafts: { read: 'sequences.read', visitorReads: true },
  injections: { read: 'measurements.read', visitorReads: true },
  measurements: { read: 'measurements.read', update: 'measurements.update', visitorReads: true },
  processing_results: { read: 'results.read', visitorReads: true },
  peaks: { read: 'results.read', update: 'results.process', visitorReads: true },
  shareTokens: { read: 'shareLinks.read' },
  auditEvents: { read: 'audit.read' },
};
