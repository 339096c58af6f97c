/** One language of @clinic/shared's message catalogue, as data (see `sharedMessagesPerLanguage` in vite.config.ts). */
declare module 'virtual:shared-messages/*' {
  type Tree = { [key: string]: string | Tree };
  const messages: Tree;
  export default messages;
}
