import shared from 'virtual:shared-messages/en/start';
import { areaTree, type Tree } from './catalogue';

/**
 * The English texts needed from the start (see START_AREAS): the part of the messages shared with the API that the
 * sign-in page, the shell and the public pages use, then the web's own.
 */
export const areas: Tree = areaTree(import.meta.glob<Tree>('./en/{auth,common,shell}.json', { eager: true, import: 'default' }));

const start: Tree = { ...shared, ...areas };
export default start;
