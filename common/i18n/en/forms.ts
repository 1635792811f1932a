// English interface text (forms), exactly the specification's (SPEC.md).
export const forms = {} as const;
