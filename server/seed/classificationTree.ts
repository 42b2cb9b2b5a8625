import type { Classification, ClassificationExtract, ClassificationRule, TaxonomyOne, TaxonomyTwo } from "../../src/domain/classification/classification";
import type { ProgramCatalogue, RuleSpec } from "./trafficCatalogue";

/**
 * A program's classification tree in the rule language of src/domain/classification/classification.ts,
 * derived from its catalogue: one level-1 taxonomy per channel (its rules test the medium
 * or the absence of a source), one level-2 per stream, extracts of campaign → tax3,
 * content → tax4 and cost_link → costlink where the stream carries them. Ids are
 * sequential: level 1 from 1, level 2 from 101, rules from 1001, extracts from 5001.
 */
export const classificationOf = (catalogue: ProgramCatalogue): Classification => {
  let ruleId = 1000;
  let extractId = 5000;
  let twoId = 100;
  const rulesOf = (specs: ReadonlyArray<RuleSpec>): ClassificationRule[] =>
    specs.map((spec) => ({
      id: ++ruleId,
      field: spec.field,
      matchType: spec.matchType,
      expectedValue: spec.expectedValue ?? null,
    }));

  const data: TaxonomyOne[] = catalogue.channels
    .filter((channel) => channel.inTree !== false)
    .map((channel, i) => {
      const children: TaxonomyTwo[] = channel.streams.map((stream, j) => ({
        id: ++twoId,
        title: stream.title,
        joinType: stream.joinType,
        rules: rulesOf(stream.rules),
        extracts: stream.extracts.map(([field, mappedTo]): ClassificationExtract => ({ id: ++extractId, field, mappedTo })),
        execution_order: j + 1,
      }));
      return {
        id: i + 1,
        title: channel.title,
        joinType: channel.joinType,
        rules: rulesOf(channel.rules),
        extracts: [],
        execution_order: i + 1,
        children,
      };
    });
  return { data };
};
