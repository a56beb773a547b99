// Read plans: each distinct query document is compiled once per role and variable shape, and every later
// request of that kind only fills the parameters of the same SQL text (docs/graphql.md "Execution"). Two
// levels:
// - by (document, operation, viewer, variables as sent): the filled statement, for a repeated request;
// - by (document, operation, role, shape of the variables): the SQL text and where each of its parameters
//   comes from — a variable's slot, one of the viewer's ids, or a constant. The viewer's ids are slots like
//   the variables' values, so one compilation serves every user of a role, and the text never holds a value.
import type { FragmentDefinitionNode, OperationDefinitionNode } from 'graphql';
import type { Viewer } from '../../repositories/graphql/policy.ts';
import type { ReadStatement, StatementRunner } from '../../repositories/graphql/statements.ts';
import { LruCache } from '../../lib/lru.ts';
import {
  fillParameters,
  learnShape,
  sentinelSlots,
  sentinelVariables,
  slotVariables,
  type ShapePlan,
  type Slotted,
} from './shapes.ts';

export interface CompiledRead {
  sql: string;
  parameters: readonly unknown[];
}

/** Compiles an operation for a viewer and variables as sent (coerced inside); throws request errors. */
export type ReadCompiler = (
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  viewer: Viewer,
  variables: Record<string, unknown>,
) => CompiledRead;

/** A query request's cache keys. */
export interface ReadKey {
  operation: OperationDefinitionNode;
  fragments: Record<string, FragmentDefinitionNode>;
  viewer: Viewer;
  variables: Record<string, unknown>;
  /** The document and operation. */
  head: string;
  exactKey: string;
  /**
   * The shape's key and slot values (the variables' followed by the viewer's ids), once reduced; null when
   * the variables have too many slots to share a plan.
   */
  shape?: { shapeKey: string; slotted: Slotted } | null;
}

/** A shared statement text, for inspection (tests, the benchmark). */
export interface SharedPlan {
  role: string;
  text: string;
}

const MAX_EXACT = 2_000;
const MAX_SHAPES = 1_000;

/** The ids the compiler binds as parameters for a viewer (its row predicates), in slot order. */
function viewerIds(viewer: Viewer): number[] {
  return viewer.kind === 'user' ? [viewer.userId] : [viewer.shareTokenId, viewer.objectId];
}

function withIds(viewer: Viewer, ids: number[]): Viewer {
  return viewer.kind === 'user'
    ? { ...viewer, userId: ids[0]! }
    : { ...viewer, shareTokenId: ids[0]!, objectId: ids[1]! };
}

const keys = new WeakMap<Viewer, { viewer: string; role: string }>();

/**
 * A viewer's key parts (viewer objects are reused while their token is cached): the whole viewer, and its
 * role — the viewer without the ids that become parameters, so anything else about it still keys the SQL.
 */
function viewerKeys(viewer: Viewer): { viewer: string; role: string } {
  let entry = keys.get(viewer);
  if (entry === undefined) {
    const role = withIds(
      viewer,
      viewerIds(viewer).map(() => 0),
    );
    entry = { viewer: JSON.stringify(viewer), role: JSON.stringify(role) };
    keys.set(viewer, entry);
  }
  return entry;
}

export class ReadPlans {
  private readonly exact = new LruCache<ReadStatement>(MAX_EXACT);
  private readonly shapes = new LruCache<(ShapePlan & { role: string }) | null>(MAX_SHAPES);
  /** Requests that went through the compiler (no plan of their kind yet). */
  compilations = 0;

  constructor(
    private readonly runner: StatementRunner,
    private readonly compile: ReadCompiler,
  ) {}

  /** The cache keys of a query request; `head` names the document and operation. */
  key(
    head: string,
    request: {
      operation: OperationDefinitionNode;
      fragments: Record<string, FragmentDefinitionNode>;
      viewer: Viewer;
      variables: Record<string, unknown>;
      variablesText: string;
    },
  ): ReadKey {
    const { viewer, variables } = request;
    return {
      operation: request.operation,
      fragments: request.fragments,
      viewer,
      variables,
      head,
      exactKey: `${head}\u0000${viewerKeys(viewer).viewer}\u0000${request.variablesText}`,
    };
  }

  /** The key's variable shape, reduced once (a repeated request never needs it). */
  private shapeOf(key: ReadKey): { shapeKey: string; slotted: Slotted } | undefined {
    if (key.shape === undefined) {
      const slotted = slotVariables(key.variables);
      if (slotted) slotted.leaves.push(...viewerIds(key.viewer));
      key.shape = slotted
        ? { shapeKey: `${key.head}\u0000${viewerKeys(key.viewer).role}\u0000${slotted.key}`, slotted }
        : null;
    }
    return key.shape ?? undefined;
  }

  /** The statement of a request seen before or of a known shape; undefined when it must be compiled. */
  known(key: ReadKey): ReadStatement | undefined {
    const exact = this.exact.get(key.exactKey);
    if (exact) return exact;
    const shape = this.shapeOf(key);
    const plan = shape && this.shapes.get(shape.shapeKey);
    if (!shape || !plan) return undefined;
    const statement = this.runner.statement(plan.text, fillParameters(plan.sources, shape.slotted.leaves));
    this.exact.set(key.exactKey, statement);
    return statement;
  }

  /** The statement of a compiled request; its shape's plan is learnt on the first one. */
  remember(key: ReadKey, compiled: CompiledRead): ReadStatement {
    this.compilations += 1;
    const statement = this.runner.statement(compiled.sql, compiled.parameters);
    this.exact.set(key.exactKey, statement);
    const shape = this.shapeOf(key);
    if (shape && this.shapes.get(shape.shapeKey) === undefined) {
      const plan = this.learn(key, shape.slotted.leaves, compiled);
      this.shapes.set(shape.shapeKey, plan && { ...plan, role: viewerKeys(key.viewer).role });
    }
    return statement;
  }

  /** The shared statement texts, least recently used first. */
  shared(): SharedPlan[] {
    const plans: SharedPlan[] = [];
    for (const plan of this.shapes.values()) if (plan) plans.push({ role: plan.role, text: plan.text });
    return plans;
  }

  /**
   * The plan shared by requests of this shape and role, learnt from two compilations with sentinel values in
   * every slot (the viewer's ids included); null when the parameters cannot be traced to the slots.
   */
  private learn(key: ReadKey, slots: Array<string | number>, real: CompiledRead): ShapePlan | null {
    try {
      const ids = viewerIds(key.viewer);
      const viewers = sentinelSlots(slots.length - ids.length, ids.length).map((sentinel) =>
        withIds(key.viewer, sentinel),
      );
      const sentinels = sentinelVariables(key.variables).map((variables, index) => {
        const compiled = this.compile(key.operation, key.fragments, viewers[index]!, variables);
        return { text: compiled.sql, parameters: compiled.parameters };
      });
      return learnShape({ text: real.sql, parameters: real.parameters }, sentinels, slots) ?? null;
    } catch {
      return null;
    }
  }
}
