/** The imports feature's public entry: nothing is used by other features; its page is routed from app/page-components.ts. */
export {};
