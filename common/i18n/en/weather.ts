// English interface text (weather), exactly the specification's (SPEC.md).
export const weather = {} as const;
