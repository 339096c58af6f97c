import shared from 'virtual:shared-messages/ar/pages';
import { areaTree, type Tree } from './catalogue';

/**
 * The Arabic texts of the pages behind sign-in: the rest of the messages shared with the API (the forms' checks among
 * them), then every area but the start ones (see START_AREAS).
 */
export const areas: Tree = areaTree(
  import.meta.glob<Tree>(['./ar/*.json', '!./ar/{auth,common,shell}.json'], { eager: true, import: 'default' }),
);
const pages: Tree = { ...shared, ...areas };
export default pages;
