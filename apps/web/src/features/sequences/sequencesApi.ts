// Sequences, their table of drafts, run control and results over REST (docs/sequences.md); the lists the
// forms choose from (instruments, methods, templates) over GraphQL.
import { graphql, http } from '../../api/client.ts';
import { httpErrorTextWithFields } from '../../api/errors.ts';
import type { HttpMethod } from '../../api/http.ts';
import type {
  Draft,
  DraftInput,
  RunAction,
  Sample,
  SampleInput,
  Sequence,
  SequenceInput,
  SequenceResults,
} from '@eluent/contracts';

export type {
  Calibration,
  Draft,
  DraftInput,
  InjectionResult,
  Interruption,
  ProcessingResult,
  ResultPeak,
  RunAction,
  Sample,
  SampleInput,
  Sequence,
  SequenceResults,
  SequenceState,
  SuitabilityFigure,
} from '@eluent/contracts';

/** A failed call as an Error carrying the server's exact message (spec §8 toast texts) and field reasons. */
export async function call<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const result = await http.request<T>(method, url, body === undefined ? {} : { body });
  if (!result.ok) throw new Error(httpErrorTextWithFields(result.status, result.data));
  return result.data;
}

export const fetchSequences = () => call<Sequence[]>('GET', '/api/sequences/');
export const fetchSequence = (id: number) => call<Sequence>('GET', `/api/sequences/${id}/`);
export const createSequence = (body: SequenceInput) => call<Sequence>('POST', '/api/sequences/', body);
export const updateSequence = (id: number, body: Partial<SequenceInput>) =>
  call<Sequence>('PATCH', `/api/sequences/${id}/`, body);
export const deleteSequence = (id: number) => call<null>('DELETE', `/api/sequences/${id}/`);

export const addDraft = (sequenceId: number, body: DraftInput) =>
  call<Draft>('POST', `/api/sequences/${sequenceId}/drafts/`, body);
export const updateDraft = (sequenceId: number, draftId: number, body: Partial<DraftInput>) =>
  call<Draft>('PATCH', `/api/sequences/${sequenceId}/drafts/${draftId}/`, body);
export const deleteDraft = (sequenceId: number, draftId: number) =>
  call<null>('DELETE', `/api/sequences/${sequenceId}/drafts/${draftId}/`);
export const orderDrafts = (sequenceId: number, draftIds: number[]) =>
  call<unknown>('POST', `/api/sequences/${sequenceId}/drafts/order/`, { draft_ids: draftIds });

export const controlSequence = (id: number, action: RunAction) =>
  call<Sequence>('POST', `/api/sequences/${id}/${action}/`, {});

export const fetchSequenceResults = (id: number) =>
  call<SequenceResults>('GET', `/api/sequences/${id}/results/`);

export const fetchSamples = () => call<Sample[]>('GET', '/api/samples/');
export const fetchStandards = () => call<Sample[]>('GET', '/api/standards/');
export async function fetchAllSamples(): Promise<Sample[]> {
  const [samples, standards] = await Promise.all([fetchSamples(), fetchStandards()]);
  return [...standards, ...samples].sort((a, b) => b.id - a.id);
}
export const createSample = (body: SampleInput) =>
  call<Sample>('POST', body.type === 'standard' ? '/api/standards/' : '/api/samples/', body);
/** Changes a sample, blank or standard; the server refuses one that has been injected. */
export const updateSample = (id: number, body: SampleInput) =>
  call<Sample>('PATCH', `/api/${body.type === 'standard' ? 'standards' : 'samples'}/${id}/`, body);
export const deleteSample = (sample: Pick<Sample, 'id' | 'type'>) =>
  call<null>('DELETE', `/api/${sample.type === 'standard' ? 'standards' : 'samples'}/${sample.id}/`);

export interface Choice {
  id: number;
  name: string;
}
export interface Choices {
  devices: Array<Choice & { state: string; installed_column: { name?: string } | null }>;
  methods: Choice[];
  templates: Array<{ uuid: string; name: string }>;
}

const CHOICES = `query SequenceChoices {
  devices(order_by: [{ position: asc }, { id: asc }]) { id name state installed_column }
  methods(where: { archived: { _eq: false } }, order_by: [{ favorite: desc }, { id: desc }], limit: 200) { id name }
  postprocessingTemplates(where: { is_archived: { _eq: false } }, order_by: [{ is_favorite: desc }, { id: desc }], limit: 200) { uuid name }
}`;

export async function fetchChoices(): Promise<Choices> {
  const data = await graphql.query<{
    devices: Choices['devices'];
    methods: Choice[];
    postprocessingTemplates: Choices['templates'];
  }>(CHOICES);
  return { devices: data.devices, methods: data.methods, templates: data.postprocessingTemplates };
}
