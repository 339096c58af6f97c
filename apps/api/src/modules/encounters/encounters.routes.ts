import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { addAddendum, saveDraft, signNote } from './encounter-notes.service.js';
import {
  breakTheGlass, encounterOfAppointment, listEncounters, openForAppointment, openWithoutAppointment, readEncounter,
} from './encounters.service.js';
import { createNoteTemplate, getNoteTemplate, listNoteTemplates, updateNoteTemplate } from './note-templates.service.js';

const r = routes.encounters;
const tpl = routes.noteTemplates;
/** Clinical writes never change who may do what (the cached callers stay). */
const neutral = { config: { accessNeutral: true } };

export function encounterRoutes(app: App, deps: Deps) {
  serve(app, r.list, async (req) => {
    const { data, total } = await listEncounters(deps, callerOf(req), req.query);
    return listEnvelope(data, req.query, total);
  });
  serve(app, r.get, async (req) => ({ success: true as const, data: await readEncounter(deps, requestContext(req), callerOf(req), req.params.id) }));
  serve(app, r.ofAppointment, async (req) => ({ success: true as const, data: await encounterOfAppointment(deps, callerOf(req), req.params.id) }));
  serve(app, r.openForAppointment, async (req, reply) => {
    const { summary, opened } = await openForAppointment(deps, requestContext(req), callerOf(req), req.params.id);
    return reply.status(opened ? 201 : 200).send({ success: true as const, message: t(req, 'success.clinical.encounterOpened'), data: summary });
  }, neutral);
  serve(app, r.open, async (req, reply) => {
    const data = await openWithoutAppointment(deps, requestContext(req), callerOf(req), req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.clinical.encounterOpened'), data });
  }, neutral);
  serve(app, r.saveNote, async (req) => ({
    success: true as const, message: t(req, 'success.clinical.noteSaved'), data: await saveDraft(deps, requestContext(req), callerOf(req), req.params.id, req.body),
  }), neutral);
  serve(app, r.sign, async (req) => ({
    success: true as const, message: t(req, 'success.clinical.noteSigned'), data: await signNote(deps, requestContext(req), callerOf(req), req.params.id, req.body),
  }), neutral);
  serve(app, r.addAddendum, async (req, reply) => {
    const data = await addAddendum(deps, requestContext(req), callerOf(req), req.params.id, req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.clinical.addendumAdded'), data });
  }, neutral);
  serve(app, r.breakGlass, async (req) => ({
    success: true as const, data: await breakTheGlass(deps, requestContext(req), callerOf(req), req.params.id, req.body),
  }), neutral);

  serve(app, tpl.list, async (req) => {
    const { data, total } = await listNoteTemplates(deps, callerOf(req), req.query);
    return listEnvelope(data, req.query, total);
  });
  serve(app, tpl.get, async (req) => ({ success: true as const, data: await getNoteTemplate(deps, callerOf(req), req.params.id) }));
  serve(app, tpl.create, async (req, reply) => {
    const data = await createNoteTemplate(deps, requestContext(req), callerOf(req), req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.clinical.templateCreated'), data });
  }, neutral);
  serve(app, tpl.update, async (req) => ({
    success: true as const, message: t(req, 'success.clinical.templateUpdated'), data: await updateNoteTemplate(deps, requestContext(req), callerOf(req), req.params.id, req.body),
  }), neutral);
}
