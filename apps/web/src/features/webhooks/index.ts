/** The webhooks feature: its settings page is routed by app/page-components.ts; nothing else is used by other features. */
export {};
