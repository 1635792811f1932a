// English interface text (layout), exactly the specification's (SPEC.md).
export const layout = {} as const;
