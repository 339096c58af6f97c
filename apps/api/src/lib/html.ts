/** Text made safe to place in HTML (an e-mail's body, a printout). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
