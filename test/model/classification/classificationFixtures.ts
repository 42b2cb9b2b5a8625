import type { LoadedClassification } from "../../../src/domain/classification/classification";
import type { ClassificationPreview } from "../../../src/domain/classification/classificationPreview";

/**
 * A saved classification at version 3, listed out of execution order: Email (2nd) before
 * Paid Search (1st, with Google and Bing). Rule ids end at 1200, extract ids at 5001.
 */
export const loadedClassification: LoadedClassification = {
  version: 3,
  data: [
    { id: 2, title: "Email", joinType: "and", rules: [{ id: 1200, field: "medium", matchType: "contains", expectedValue: "email" }], extracts: [], execution_order: 2, children: [] },
    {
      id: 1,
      title: "Paid Search",
      joinType: "and",
      rules: [{ id: 1001, field: "medium", matchType: "contains", expectedValue: "cpc" }],
      extracts: [],
      execution_order: 1,
      children: [
        { id: 11, title: "Google", joinType: "or", rules: [{ id: 1101, field: "source", matchType: "contains", expectedValue: "google" }], extracts: [{ id: 5001, field: "campaign", mappedTo: "tax3" }], execution_order: 1 },
        { id: 12, title: "Bing", joinType: "or", rules: [{ id: 1102, field: "source", matchType: "contains", expectedValue: "bing" }], extracts: [], execution_order: 2 },
      ],
    },
  ],
};

/** A dry-run answer: Email gains 5 hits from unclassified; rule 1200 matches them, rule 1102 is shadowed by Paid Search / Google. */
export const classificationPreviewOf = (afterEmailHits = 15): ClassificationPreview => ({
  from: "2026-01-02",
  to: "2026-01-31",
  totalHits: 100,
  totalOrders: 10,
  levelOne: [
    { taxonomy1: "Paid Search", before: { hits: 60, orders: 6 }, after: { hits: 60, orders: 6 } },
    { taxonomy1: "Email", before: { hits: 10, orders: 1 }, after: { hits: afterEmailHits, orders: 2 } },
    { taxonomy1: "None", before: { hits: 30, orders: 3 }, after: { hits: 40 - afterEmailHits, orders: 2 } },
  ],
  levelTwo: [
    { taxonomy1: "Paid Search", taxonomy2: "Google", before: { hits: 60, orders: 6 }, after: { hits: 60, orders: 6 } },
    { taxonomy1: "Email", taxonomy2: "None", before: { hits: 10, orders: 1 }, after: { hits: afterEmailHits, orders: 2 } },
  ],
  unclassified: { beforeHits: 30, afterHits: 40 - afterEmailHits, before: 0.3, after: (40 - afterEmailHits) / 100 },
  changes: [
    {
      after: { taxonomy1: "Email", taxonomy2: "None" },
      hits: afterEmailHits - 10,
      samples: [
        {
          hitId: 77,
          date: "2026-01-30",
          fields: { source: "newsletter", medium: "email", campaign: "=spring", content: null, term: null, referrer: null, landing_url: null, publisher_id: null, cost_link: null, event_type: "click" },
          before: { taxonomy1: "None", taxonomy2: "None" },
          taxonomyId: 2,
          ruleIds: [1200],
        },
      ],
    },
  ],
  rules: [
    { ruleId: 1001, taxonomyId: 1, matches: 60, wouldClassify: 60, classifies: 60, shadowed: false, shadowedBy: [] },
    { ruleId: 1101, taxonomyId: 11, matches: 60, wouldClassify: 60, classifies: 60, shadowed: false, shadowedBy: [] },
    { ruleId: 1102, taxonomyId: 12, matches: 4, wouldClassify: 4, classifies: 0, shadowed: true, shadowedBy: [11] },
    { ruleId: 1200, taxonomyId: 2, matches: afterEmailHits, wouldClassify: afterEmailHits, classifies: afterEmailHits, shadowed: false, shadowedBy: [] },
  ],
});
