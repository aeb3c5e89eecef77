import { getMetadataStorage } from 'class-validator';

type Storage = ReturnType<typeof getMetadataStorage>;
type Lookup = Storage['getTargetValidationMetadatas'];
type ValidationMetadata = ReturnType<Lookup>[number];
type Grouped = Record<string, ValidationMetadata[]>;

const MEMOIZED = Symbol.for('wild-light: class-validator rule lookup memoized');

/**
 * class-validator finds a class's rules again on every `validate()` (and for every nested object):
 * `getTargetValidationMetadatas` filters the class's rules and tests every decorated class of the
 * process for inheritance, then `groupByPropertyName` regroups them (typestack/class-validator#2686,
 * open). `validate()` was 15% of the app's CPU in a booking rush; with the app's 74 classes with rules,
 * the lookup was a sixth to a half of one booking input's validation (bench/validation-cpu.mjs,
 * docs/decisions/113).
 *
 * The answer depends only on the rules registered so far, which are fixed once the classes are
 * loaded: this keeps each answer (per class and options) and its grouping, and forgets them all
 * whenever a rule is registered (a class loaded late, a schema added). The arrays handed out are
 * class-validator's own results, which it only reads.
 *
 * Installed once per process on class-validator's global storage (the same one type-graphql's
 * argument validation uses); returns whether this call installed it.
 */
export function memoizeValidationRules(storage: Storage = getMetadataStorage()): boolean {
  const marked = storage as Storage & { [MEMOIZED]?: true };
  if (marked[MEMOIZED]) return false;
  marked[MEMOIZED] = true;

  const lookup: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const addRule = storage.addValidationMetadata.bind(storage);
  let byClass = new WeakMap<Function, Map<string, ValidationMetadata[]>>();
  let groupings = new WeakMap<ValidationMetadata[], Grouped>();

  storage.addValidationMetadata = (metadata) => {
    byClass = new WeakMap();
    groupings = new WeakMap();
    addRule(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    // validate('schema', object) asks with the object's class and the schema's name: kept, the name is in
    // the key. Only an object without a class (no constructor) is looked up afresh.
    if (typeof target !== 'function') return lookup(target, schema, always, strictGroups, groups);
    const key = `${schema ?? ''}\u0000${always ? 1 : 0}${strictGroups ? 1 : 0}\u0000${groups === undefined ? '-' : groups.join('\u0000')}`;
    let answers = byClass.get(target);
    if (!answers) byClass.set(target, (answers = new Map()));
    let rules = answers.get(key);
    if (!rules) answers.set(key, (rules = lookup(target, schema, always, strictGroups, groups)));
    return rules;
  };
  storage.groupByPropertyName = (rules) => {
    let grouped = groupings.get(rules);
    if (!grouped) groupings.set(rules, (grouped = group(rules)));
    return grouped;
  };
  return true;
}
