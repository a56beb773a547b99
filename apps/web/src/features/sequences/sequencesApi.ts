// Sequences, their table of drafts, run control and results over REST (docs/sequences.md); the lists the
// forms choose from (instruments, methods, templates) over GraphQL.
import {
  SEQUENCE_CHOICES,
  deviceSchema,
  draftSchema,
  sampleSchema,
  sequenceResultsSchema,
  sequenceSchema,
  type DeviceDetails,
  type DraftInput,
  type RunAction,
  type Sample,
  type SampleInput,
  type SequenceChoicesQuery,
  type SequenceInput,
} from '@eluent/contracts';
import { graphql, http } from '../../api/client.ts';
import { httpErrorTextWithFields } from '../../api/errors.ts';
import type { HttpMethod } from '../../api/http.ts';
import { listOf, parseAnswer, type AnswerSchema } from '../../api/parse.ts';

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
async function answer(method: HttpMethod, url: string, body?: unknown): Promise<unknown> {
  const result = await http.request<unknown>(method, url, body === undefined ? {} : { body });
  if (!result.ok) throw new Error(httpErrorTextWithFields(result.status, result.data));
  return result.data;
}

/**
 * A REST call whose answer is read with its schema of @eluent/contracts (`parseAnswer`): an answer that does
 * not match is an error naming the field, shown as any failed call is.
 */
export async function call<T>(
  schema: AnswerSchema<T>,
  method: HttpMethod,
  url: string,
  body?: unknown,
): Promise<T> {
  return parseAnswer(schema, await answer(method, url, body), `${method} ${url}`);
}

/** A REST call whose answer carries nothing the app reads (a removal, a reordering). */
export async function send(method: HttpMethod, url: string, body?: unknown): Promise<void> {
  await answer(method, url, body);
}

export const fetchSequences = () => call(listOf(sequenceSchema), 'GET', '/api/sequences/');
export const fetchSequence = (id: number) => call(sequenceSchema, 'GET', `/api/sequences/${id}/`);
export const createSequence = (body: SequenceInput) => call(sequenceSchema, 'POST', '/api/sequences/', body);
export const updateSequence = (id: number, body: Partial<SequenceInput>) =>
  call(sequenceSchema, 'PATCH', `/api/sequences/${id}/`, body);
export const deleteSequence = (id: number) => send('DELETE', `/api/sequences/${id}/`);

export const addDraft = (sequenceId: number, body: DraftInput) =>
  call(draftSchema, 'POST', `/api/sequences/${sequenceId}/drafts/`, body);
export const updateDraft = (sequenceId: number, draftId: number, body: Partial<DraftInput>) =>
  call(draftSchema, 'PATCH', `/api/sequences/${sequenceId}/drafts/${draftId}/`, body);
export const deleteDraft = (sequenceId: number, draftId: number) =>
  send('DELETE', `/api/sequences/${sequenceId}/drafts/${draftId}/`);
export const orderDrafts = (sequenceId: number, draftIds: number[]) =>
  send('POST', `/api/sequences/${sequenceId}/drafts/order/`, { draft_ids: draftIds });

export const controlSequence = (id: number, action: RunAction) =>
  call(sequenceSchema, 'POST', `/api/sequences/${id}/${action}/`, {});

export const fetchSequenceResults = (id: number) =>
  call(sequenceResultsSchema, 'GET', `/api/sequences/${id}/results/`);

export const fetchSamples = () => call(listOf(sampleSchema), 'GET', '/api/samples/');
export const fetchStandards = () => call(listOf(sampleSchema), 'GET', '/api/standards/');
export async function fetchAllSamples(): Promise<Sample[]> {
  const [samples, standards] = await Promise.all([fetchSamples(), fetchStandards()]);
  return [...standards, ...samples].sort((a, b) => b.id - a.id);
}
export const createSample = (body: SampleInput) =>
  call(sampleSchema, 'POST', body.type === 'standard' ? '/api/standards/' : '/api/samples/', body);
/** Changes a sample, blank or standard; the server refuses one that has been injected. */
export const updateSample = (id: number, body: SampleInput) =>
  call(sampleSchema, 'PATCH', `/api/${body.type === 'standard' ? 'standards' : 'samples'}/${id}/`, body);
export const deleteSample = (sample: Pick<Sample, 'id' | 'type'>) =>
  send('DELETE', `/api/${sample.type === 'standard' ? 'standards' : 'samples'}/${sample.id}/`);

export interface Choice {
  id: number;
  name: string;
}

/** An instrument a sequence may run on: GraphQL's row, its state and column read with the REST schema. */
const choiceDeviceSchema = deviceSchema.pick({ id: true, name: true, state: true, installed_column: true });

export interface Choices {
  devices: Array<Pick<DeviceDetails, 'id' | 'name' | 'state' | 'installed_column'>>;
  methods: SequenceChoicesQuery['methods'];
  templates: SequenceChoicesQuery['postprocessingTemplates'];
}

export async function fetchChoices(): Promise<Choices> {
  const data = await graphql.query(SEQUENCE_CHOICES);
  return {
    devices: data.devices.map((device) => parseAnswer(choiceDeviceSchema, device, 'instrument')),
    methods: data.methods,
    templates: data.postprocessingTemplates,
  };
}
