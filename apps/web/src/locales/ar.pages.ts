import { areaTree, type Tree } from './catalogue';

/** The Arabic texts of the pages behind sign-in: every area but the start ones (see START_AREAS). */
const pages: Tree = areaTree(
  import.meta.glob<Tree>(['./ar/*.json', '!./ar/{auth,common,shell}.json'], { eager: true, import: 'default' }),
);
export default pages;
