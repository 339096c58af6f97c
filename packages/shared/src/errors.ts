/**
 * The API's error codes: every `code` the API answers in `{ success: false, message: { message, code, fields? } }`
 * (and in a FHIR OperationOutcome's details), with its usual HTTP status and its default message key in the shared
 * catalogue (present in English and Arabic). The API can only throw a code listed here (`AppError` takes an
 * `ErrorCode`), and the web compares codes against the same list, so a misspelt code does not compile.
 *
 * A refusal may still answer its own, more precise message (and a few codes carry another status in one place; see
 * docs/architecture.md): the entry is the code's usual meaning. Fastify's own routing refusals pass their `FST_*`
 * code on unchanged and are not listed.
 */
export const ERROR_CODES = {
  // Requests the API cannot read or does not serve.
  BAD_REQUEST: { status: 400, message: 'errors.badRequest' },
  MALFORMED_JSON: { status: 400, message: 'errors.malformedJson' },
  MALFORMED_MULTIPART: { status: 400, message: 'errors.malformedMultipart' },
  BODY_TOO_LARGE: { status: 413, message: 'errors.bodyTooLarge' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'errors.unsupportedMediaType' },
  TOO_DEEP: { status: 422, message: 'errors.tooDeep' },
  ROUTE_NOT_FOUND: { status: 404, message: 'errors.routeNotFound' },

  // Bad input: translated field errors.
  VALIDATION_FAILED: { status: 422, message: 'errors.validation' },
  INVALID_VALUE: { status: 422, message: 'validation.invalidValue' },
  FILE_TOO_LARGE: { status: 413, message: 'errors.validation' },
  FILE_TYPE: { status: 422, message: 'errors.validation' },

  // Generic refusals.
  NOT_FOUND: { status: 404, message: 'errors.notFound' },
  FORBIDDEN: { status: 403, message: 'errors.forbidden' },
  UNAUTHORIZED: { status: 401, message: 'errors.unauthorized' },
  CONFLICT: { status: 409, message: 'errors.conflict' },
  DUPLICATE: { status: 409, message: 'errors.conflict' },
  IN_USE: { status: 409, message: 'errors.conflict' },
  STALE_RECORD: { status: 409, message: 'errors.staleRecord' },

  // The server.
  INTERNAL: { status: 500, message: 'errors.unexpected' },
  ROUTE_WITHOUT_PERMISSION: { status: 500, message: 'errors.unexpected' },
  DATABASE_UNAVAILABLE: { status: 503, message: 'errors.databaseUnavailable' },
  DRAINING: { status: 503, message: 'errors.notReady' },
  STORAGE_FULL: { status: 503, message: 'errors.storageFull' },

  // Signing in, the session and one's own account.
  TOKEN_EXPIRED: { status: 401, message: 'errors.tokenExpired' },
  TOKEN_INVALID: { status: 401, message: 'errors.tokenInvalid' },
  REFRESH_INVALID: { status: 401, message: 'errors.refreshInvalid' },
  REFRESH_REUSED: { status: 401, message: 'errors.refreshReused' },
  INVALID_CREDENTIALS: { status: 401, message: 'errors.invalidCredentials' },
  ACCOUNT_INACTIVE: { status: 403, message: 'errors.accountInactive' },
  COMPANY_CLOSED: { status: 403, message: 'errors.companyClosed' },
  TOO_MANY_ATTEMPTS: { status: 429, message: 'errors.tooManyAttempts' },
  OLD_PASSWORD_WRONG: { status: 422, message: 'errors.oldPasswordWrong' },
  SECOND_FACTOR_ENROLMENT_REQUIRED: { status: 403, message: 'errors.security.enrolmentRequired' },
  STEP_UP_REQUIRED: { status: 403, message: 'errors.security.stepUpRequired' },
  SECOND_FACTOR_TICKET_INVALID: { status: 401, message: 'errors.security.ticketInvalid' },
  // Second factors (authenticator app, recovery codes) and step-up.
  SECOND_FACTOR_CODE_INVALID: { status: 422, message: 'errors.security.mfa.codeInvalid' },
  TOTP_ALREADY_ON: { status: 409, message: 'errors.security.mfa.alreadyOn' },
  TOTP_NOT_STARTED: { status: 409, message: 'errors.security.mfa.notStarted' },
  TOTP_NOT_ON: { status: 409, message: 'errors.security.mfa.notOn' },
  TOTP_UNREADABLE: { status: 409, message: 'errors.security.mfa.unreadable' },
  PASSWORD_WRONG: { status: 422, message: 'errors.security.mfa.passwordWrong' },
  NO_SECOND_FACTOR: { status: 422, message: 'errors.security.mfa.noFactor' },
  SECOND_FACTOR_NEEDED: { status: 422, message: 'errors.security.mfa.factorNeeded' },
  // Passkeys (sign-in security): a ceremony's challenge unknown, spent, expired or of another use; an answer that
  // does not verify; a passkey not known for this sign-in; an unknown passkey of the caller.
  PASSKEY_CHALLENGE_INVALID: { status: 400, message: 'errors.passkeys.challengeInvalid' },
  PASSKEY_NOT_VERIFIED: { status: 400, message: 'errors.passkeys.notVerified' },
  PASSKEY_NOT_ACCEPTED: { status: 401, message: 'errors.passkeys.notAccepted' },
  PASSKEY_NOT_FOUND: { status: 404, message: 'errors.passkeys.notFound' },
  PASSKEY_ALREADY_REGISTERED: { status: 409, message: 'errors.passkeys.alreadyRegistered' },
  PASSKEY_LIMIT: { status: 409, message: 'errors.passkeys.limit' },
  // Sign-in sessions (issue 33, sessions).
  SESSION_NOT_FOUND: { status: 404, message: 'errors.security.sessionNotFound' },
  EMPLOYEE_SESSIONS_NOT_FOUND: { status: 404, message: 'errors.security.sessionPersonNotFound' },
  // Single sign-on (issue 33, sso part).
  PASSWORD_SIGN_IN_OFF: { status: 403, message: 'errors.security.sso.passwordSignInOff' },
  SSO_HANDOFF_INVALID: { status: 401, message: 'errors.security.sso.handoffInvalid' },
  SSO_DISCOVERY_FAILED: { status: 422, message: 'errors.security.sso.discoveryFailed' },
  PLAN_LOCKED: { status: 409, message: 'errors.planLocked' },
  SIGNUP_DISABLED: { status: 403, message: 'errors.signupDisabled' },
  TOO_MANY_SIGNUPS: { status: 429, message: 'errors.tooManySignups' },

  // The organisation and its plan.
  PLAN_NOT_CHOSEN: { status: 403, message: 'errors.org.planNotChosen' },
  PLAN_FORBIDS_LEVEL: { status: 403, message: 'errors.planForbidsLevel' },
  PLAN_LIMIT_REACHED: { status: 403, message: 'errors.org.planLimitReached' },
  COMPANY_EXISTS: { status: 409, message: 'errors.org.companyProfileExists' },

  // People, accounts, roles and invitations.
  LAST_ADMINISTRATOR: { status: 409, message: 'errors.lastAdministrator' },
  ADMINISTRATOR_PROTECTED: { status: 403, message: 'errors.administratorProtected' },
  GRANT_BEYOND_OWN: { status: 403, message: 'errors.grantBeyondOwn' },
  TOO_MANY_TAKEN_NAMES: { status: 429, message: 'errors.tooManyTakenNames' },
  SELF_DEACTIVATION: { status: 409, message: 'errors.cannotDeactivateSelf' },
  SELF_ROLE_CHANGE: { status: 409, message: 'errors.cannotChangeOwnRoles' },
  SELF_DELETE: { status: 409, message: 'errors.cannotDeleteSelf' },
  EMPLOYEE_HAS_APPOINTMENTS: { status: 409, message: 'errors.employeeHasAppointments' },
  EMPLOYEE_IN_USE: { status: 409, message: 'errors.employeeInUse' },
  ADMIN_ROLE_LOCKED: { status: 409, message: 'errors.adminRoleLocked' },
  ROLE_IN_USE: { status: 409, message: 'errors.roleInUse' },
  INVITATION_INVALID: { status: 404, message: 'errors.invitationInvalid' },
  INVITATION_NOT_PENDING: { status: 409, message: 'errors.invitationNotPending' },
  INVITATION_USED: { status: 409, message: 'errors.invitationUsed' },
  INVITATION_EXPIRED: { status: 410, message: 'errors.invitationExpired' },

  // Patients.
  DUPLICATE_PATIENT: { status: 409, message: 'errors.patientQuickDuplicate' },
  DUPLICATE_IDENTITY: { status: 409, message: 'errors.patientIdentityTaken' },
  /** Merging two records whose active appointments overlap (the patient cannot be in two places at once). */
  PATIENT_MERGE_CLASH: { status: 409, message: 'errors.patientMergeClash' },
  /** A signed or issued row of the duplicate refused to move (the database's record locks predate merging). */
  PATIENT_MERGE_LOCKED: { status: 409, message: 'errors.patientMergeLocked' },
  /** Both records list a substance in allergy rows that say different things: a clinician reconciles them first. */
  PATIENT_MERGE_ALLERGIES: { status: 409, message: 'errors.patientMergeAllergies' },

  // Booking: the parties.
  APPOINTMENT_NOT_FOUND: { status: 404, message: 'errors.scheduling.appointmentNotFound' },
  PATIENT_NOT_FOUND: { status: 404, message: 'errors.scheduling.patientNotFound' },
  DOCTOR_NOT_FOUND: { status: 404, message: 'errors.scheduling.doctorNotFound' },
  CLINIC_NOT_FOUND: { status: 404, message: 'errors.scheduling.clinicNotFound' },
  SERVICE_NOT_FOUND: { status: 404, message: 'errors.scheduling.serviceNotFound' },
  NOT_A_DOCTOR: { status: 422, message: 'errors.scheduling.notADoctor' },
  PATIENT_INACTIVE: { status: 422, message: 'errors.scheduling.patientInactive' },
  DOCTOR_INACTIVE: { status: 422, message: 'errors.scheduling.doctorInactive' },
  CLINIC_INACTIVE: { status: 422, message: 'errors.scheduling.clinicInactive' },
  SERVICE_INACTIVE: { status: 422, message: 'errors.scheduling.serviceInactive' },
  SERVICE_NOT_AT_CLINIC: { status: 422, message: 'errors.scheduling.serviceNotAtClinic' },
  DOCTOR_NOT_AT_CLINIC: { status: 422, message: 'errors.scheduling.doctorNotAtClinic' },
  DOCTOR_NOT_PROVIDING_SERVICE: { status: 422, message: 'errors.scheduling.doctorNotProvidingService' },

  // Booking: the time (the rule engine's refusals, on the datetime field).
  APPOINTMENT_IN_PAST: { status: 422, message: 'errors.scheduling.appointmentInPast' },
  CLINIC_HOLIDAY: { status: 422, message: 'errors.scheduling.clinicHoliday' },
  CLINIC_CLOSED_DAY: { status: 422, message: 'errors.scheduling.clinicClosedDay' },
  OUTSIDE_CLINIC_HOURS: { status: 422, message: 'errors.scheduling.outsideClinicHours' },
  DOCTOR_ON_LEAVE: { status: 422, message: 'errors.scheduling.doctorOnLeave' },
  DOCTOR_DAY_OFF: { status: 422, message: 'errors.scheduling.doctorDayOff' },
  OUTSIDE_DOCTOR_HOURS: { status: 422, message: 'errors.scheduling.outsideDoctorHours' },
  DOCTOR_BREAK: { status: 422, message: 'errors.scheduling.doctorBreak' },
  /** The rule engine's own overlap verdict (searches); a booking's overlap is DOCTOR_DOUBLE_BOOKED. */
  DOCTOR_BUSY: { status: 422, message: 'errors.scheduling.doctorDoubleBooked' },

  // Booking: overlaps and changes of an appointment.
  DOCTOR_DOUBLE_BOOKED: { status: 409, message: 'errors.scheduling.doctorDoubleBooked' },
  PATIENT_DOUBLE_BOOKED: { status: 409, message: 'errors.scheduling.patientDoubleBooked' },
  OVERBOOK_NOT_ALLOWED: { status: 403, message: 'errors.series.overbookNotAllowed' },
  INVALID_TRANSITION: { status: 409, message: 'errors.scheduling.invalidTransition' },
  NO_SHOW_TOO_EARLY: { status: 409, message: 'errors.scheduling.noShowTooEarly' },
  RESCHEDULE_WITH_STATUS: { status: 422, message: 'errors.scheduling.rescheduleWithStatus' },
  RESCHEDULE_NOT_SCHEDULED: { status: 422, message: 'errors.scheduling.rescheduleNotScheduled' },
  APPOINTMENT_COMPLETED: { status: 422, message: 'errors.scheduling.appointmentCompleted' },
  APPOINTMENT_CANCELLED: { status: 422, message: 'errors.scheduling.appointmentCancelled' },
  VISIT_NOTE_NOT_COMPLETED: { status: 422, message: 'errors.scheduling.visitNoteNotCompleted' },
  APPOINTMENT_HAS_HISTORY: { status: 409, message: 'errors.scheduling.deleteRefused.visit' },

  // Series and the waitlist.
  // Medications (the catalogue and the patient's list).
  MEDICATION_NOT_FOUND: { status: 404, message: 'errors.medications.notFound' },
  MEDICATION_NOT_ACTIVE: { status: 409, message: 'errors.medications.notActive' },
  CATALOGUE_CSV_REJECTED: { status: 422, message: 'errors.medications.csvRejected' },
  // Prescriptions.
  PRESCRIPTION_NOT_FOUND: { status: 404, message: 'errors.prescriptions.notFound' },
  PRESCRIPTION_NOT_DRAFT: { status: 409, message: 'errors.prescriptions.notDraft' },
  PRESCRIPTION_NOT_ISSUED: { status: 409, message: 'errors.prescriptions.notIssued' },
  PRESCRIPTION_WARNINGS_NOT_ACKNOWLEDGED: { status: 422, message: 'errors.prescriptions.warningsNotAcknowledged' },
  PRESCRIPTION_NOT_PRESCRIBER: { status: 403, message: 'errors.prescriptions.notPrescriber' },
  TOO_MANY_VERIFICATIONS: { status: 429, message: 'errors.prescriptions.tooManyVerifications' },
  SERIES_NOT_FOUND: { status: 404, message: 'errors.series.notFound' },
  SERIES_NOTHING_FREE: { status: 409, message: 'errors.series.nothingFree' },
  SERIES_NOTHING_TO_CHANGE: { status: 409, message: 'errors.series.nothingToChange' },
  OCCURRENCE_NOT_IN_SERIES: { status: 422, message: 'errors.series.occurrenceNotInSeries' },
  WAITLIST_NOT_FOUND: { status: 404, message: 'errors.waitlist.notFound' },
  WAITLIST_NOT_OPEN: { status: 409, message: 'errors.waitlist.notOpen' },
  SLOT_NOT_FREE: { status: 409, message: 'errors.waitlist.slotNotFree' },

  // Lab and imaging orders.
  ORDER_NOT_FOUND: { status: 404, message: 'errors.orders.notFound' },
  ORDER_STATUS_CONFLICT: { status: 409, message: 'errors.orders.statusConflict' },
  ORDER_NOT_YOURS: { status: 403, message: 'errors.orders.notYours' },
  ORDER_NOT_RESULTED: { status: 409, message: 'errors.orders.notResulted' },
  CATALOGUE_ITEM_NOT_FOUND: { status: 404, message: 'errors.orders.catalogueItemNotFound' },
  CATALOGUE_CODE_TAKEN: { status: 409, message: 'errors.orders.codeTaken' },

  // Diagnoses and the problem list.
  DIAGNOSIS_NOT_FOUND: { status: 404, message: 'errors.diagnoses.diagnosisNotFound' },
  PROBLEM_NOT_FOUND: { status: 404, message: 'errors.diagnoses.problemNotFound' },
  PRIMARY_DIAGNOSIS_TAKEN: { status: 409, message: 'errors.diagnoses.primaryTaken' },
  DIAGNOSIS_REPEATED: { status: 409, message: 'errors.diagnoses.repeated' },
  DIAGNOSES_TOO_MANY: { status: 409, message: 'errors.diagnoses.tooMany' },
  PROBLEM_ALREADY_ACTIVE: { status: 409, message: 'errors.diagnoses.problemActive' },
  CODE_IMPORT_REJECTED: { status: 422, message: 'errors.diagnoses.importRejected_other' },

  // Billing.
  INVOICE_NOT_FOUND: { status: 404, message: 'errors.billing.invoiceNotFound' },
  INVOICE_NOT_DRAFT: { status: 409, message: 'errors.billing.notDraft' },
  INVOICE_NOT_ISSUED: { status: 409, message: 'errors.billing.notIssued' },
  APPOINTMENT_NOT_BILLABLE: { status: 409, message: 'errors.billing.appointmentNotBillable' },
  ALREADY_INVOICED: { status: 409, message: 'errors.billing.alreadyInvoiced' },
  CASH_BOX_NOT_FOUND: { status: 404, message: 'errors.billing.cashBoxNotFound' },
  CASH_BOX_INACTIVE: { status: 409, message: 'errors.billing.cashBoxInactive' },
  CASH_BOX_SHORT: { status: 409, message: 'errors.billing.cashBoxNotEnough' },
  CASH_BOX_CLOSE_NOT_FOUND: { status: 404, message: 'errors.billing.closeNotFound' },
  CASH_BOX_ALREADY_CLOSED: { status: 409, message: 'errors.billing.alreadyClosed' },
  PAYMENT_METHOD_NOT_FOUND: { status: 404, message: 'errors.billing.paymentMethodNotFound' },
  NOTHING_TO_PAY: { status: 409, message: 'errors.billing.nothingToPay' },
  CREDIT_NOTE_NOT_FOUND: { status: 404, message: 'errors.billing.creditNoteNotFound' },
  CLAIM_NOT_FOUND: { status: 404, message: 'errors.billing.claimNotFound' },
  CLAIM_TRANSITION: { status: 409, message: 'errors.billing.claimTransition' },
  // Saudi e-invoicing: a QR code over ZATCA's limits (a field over 255 bytes, or the code over 700 characters).
  E_INVOICE_QR_TOO_LONG: { status: 422, message: 'errors.eInvoices.qrTooLong' },
  E_INVOICE_NOT_FOUND: { status: 404, message: 'errors.eInvoices.notFound' },
  E_INVOICE_NOT_CONFIGURED: { status: 409, message: 'errors.eInvoices.notConfigured' },
  E_INVOICE_AUTHORITY_REFUSED: { status: 422, message: 'errors.eInvoices.authorityRefused' },
  E_INVOICE_AUTHORITY_UNREACHABLE: { status: 502, message: 'errors.eInvoices.authorityUnreachable' },
  E_INVOICE_COMPLIANCE_FAILED: { status: 422, message: 'errors.eInvoices.complianceFailed' },
  E_INVOICE_SUBMISSION_NOT_FOUND: { status: 404, message: 'errors.eInvoices.submissionNotFound' },
  E_INVOICE_SUBMISSION_NOT_RETRYABLE: { status: 409, message: 'errors.eInvoices.submissionNotRetryable' },
  E_INVOICE_KEY_UNREADABLE: { status: 409, message: 'errors.eInvoices.keyUnreadable' },
  DOCTOR_SHARE_RULE_NOT_FOUND: { status: 404, message: 'errors.doctorShares.ruleNotFound' },
  DOCTOR_SHARE_RULE_BACKDATED: { status: 422, message: 'validation.doctorShares.backdated' },
  DOCTOR_SHARE_RULE_EXISTS: { status: 409, message: 'errors.doctorShares.ruleExists' },
  DOCTOR_SHARE_RULE_IN_EFFECT: { status: 409, message: 'errors.doctorShares.ruleInEffect' },
  DOCTOR_SHARE_NOT_A_DOCTOR: { status: 422, message: 'errors.doctorShares.notADoctor' },
  DOCTOR_SHARE_OTHERS_FORBIDDEN: { status: 403, message: 'errors.doctorShares.othersForbidden' },
  DOCTOR_SHARE_OVERPAID: { status: 422, message: 'errors.doctorShares.overpaid' },

  // Reminders and the links sent to patients; signed file links.
  NOT_RETRYABLE: { status: 409, message: 'errors.reminders.notRetryable' },
  LINK_INVALID: { status: 401, message: 'errors.reminders.linkInvalid' },
  LINK_EXPIRED: { status: 410, message: 'errors.reminders.linkExpired' },
  LINK_USED: { status: 409, message: 'errors.reminders.linkUsed' },
  LINK_NOT_AVAILABLE: { status: 409, message: 'errors.reminders.linkNotAvailable' },
  LINK_SESSION_ENDED: { status: 403, message: 'errors.fileLinkSessionEnded' },
  APPOINTMENT_CLOSED: { status: 409, message: 'errors.reminders.appointmentClosed' },

  // The waiting room (staff side): the queue, calls and the patient's ticket link.
  NO_ONE_WAITING: { status: 409, message: 'errors.waitingRoom.noOneWaiting' },
  TICKET_NOT_IN_QUEUE: { status: 409, message: 'errors.waitingRoom.notInQueue' },
  /** Too many live streams open at once for one display, one patient's link or one address (the public streams). */
  TOO_MANY_STREAMS: { status: 429, message: 'errors.waitingRoom.tooManyStreams' },

  // Waiting-room displays: the one-time pairing code, the screen's token, a revoked display, guesses per address.
  DISPLAY_CODE_INVALID: { status: 400, message: 'errors.queueDisplays.codeInvalid' },
  DISPLAY_TOKEN_INVALID: { status: 401, message: 'errors.queueDisplays.tokenInvalid' },
  DISPLAY_REVOKED: { status: 409, message: 'errors.queueDisplays.revoked' },
  TOO_MANY_PAIRING_ATTEMPTS: { status: 429, message: 'errors.queueDisplays.tooManyAttempts' },

  // The public booking page: its address, the one-time code and the limits (answered with when to try again).
  BOOKING_PAGE_NOT_FOUND: { status: 404, message: 'errors.bookingPage.pageNotFound' },
  BOOKING_OFFER_NOT_FOUND: { status: 404, message: 'errors.bookingPage.offerNotFound' },
  /** The public booking page refused the visit for a reason about the patient's record, told to nobody (call the clinic). */
  ONLINE_BOOKING_REFUSED: { status: 409, message: 'errors.bookingPage.notBookableOnline' },
  TEXT_CHANNEL_MISSING: { status: 503, message: 'errors.bookingPage.noTextChannel' },
  CODE_NOT_SENT: { status: 503, message: 'errors.bookingPage.codeNotSent' },
  CODE_LIMIT_PHONE: { status: 429, message: 'errors.bookingPage.codesPerPhone' },
  CODE_LIMIT_ADDRESS: { status: 429, message: 'errors.bookingPage.codesPerAddress' },
  CODE_WRONG: { status: 422, message: 'errors.bookingPage.codeWrong' },
  CODE_EXPIRED: { status: 410, message: 'errors.bookingPage.codeExpired' },
  CODE_TRIES_EXHAUSTED: { status: 429, message: 'errors.bookingPage.codeTriesExhausted' },
  CODE_USED: { status: 409, message: 'errors.bookingPage.codeUsed' },
  BOOKING_LIMIT_DAY: { status: 429, message: 'errors.bookingPage.perDay' },
  BOOKING_LIMIT_WEEK: { status: 429, message: 'errors.bookingPage.perWeek' },
  SLOT_TAKEN: { status: 409, message: 'errors.bookingPage.slotTaken' },
  VISIT_NOT_MOVABLE: { status: 409, message: 'errors.bookingPage.visitNotMovable' },

  // The clinical record.
  ENCOUNTER_NOT_OPENABLE: { status: 409, message: 'errors.clinical.notOpenable' },
  NOTE_SIGNED: { status: 409, message: 'errors.clinical.noteSigned' },
  NOTE_NOT_SIGNED: { status: 409, message: 'errors.clinical.noteNotSigned' },
  SENSITIVE_NOTE: { status: 403, message: 'errors.clinical.sensitive' },
  SIGN_PASSWORD_WRONG: { status: 422, message: 'errors.clinical.passwordWrong' },
  NOT_NOTE_DOCTOR: { status: 403, message: 'errors.clinical.notNoteDoctor' },

  // The FHIR API.
  FHIR_BAD_PARAMETER: { status: 400, message: 'errors.fhir.badParameter' },
  FHIR_UNKNOWN_PARAMETER: { status: 400, message: 'errors.fhir.unknownParameter' },
  FHIR_UNSUPPORTED_FORMAT: { status: 400, message: 'errors.fhir.unsupportedFormat' },
  FHIR_SCHEDULE_REQUIRED: { status: 400, message: 'errors.fhir.scheduleRequired' },
  FHIR_WINDOW_TOO_LONG: { status: 400, message: 'errors.fhir.windowTooLong' },
  FHIR_EXPORT_NOT_FOUND: { status: 404, message: 'errors.fhir.exportNotFound' },
  FHIR_EXPORT_BUSY: { status: 429, message: 'errors.fhir.exportBusy' },
  FHIR_EXPORT_FAILED: { status: 500, message: 'errors.fhir.exportFailed' },
  // Its server stopped (a restart, a crash) while writing the files: nothing is wrong with the export, and the export
  // will not go on; a 4xx so that a Bulk Data client stops polling and starts a new one.
  FHIR_EXPORT_INTERRUPTED: { status: 410, message: 'errors.fhir.exportInterrupted' },

  // FHIR writes (create and update through /api/fhir/R4).
  FHIR_NOT_A_RESOURCE: { status: 400, message: 'errors.fhir.notAResource' },
  FHIR_ID_MISMATCH: { status: 400, message: 'errors.fhir.idMismatch' },
  FHIR_BAD_CONDITION: { status: 400, message: 'errors.fhir.badCondition' },
  FHIR_MULTIPLE_MATCHES: { status: 412, message: 'errors.fhir.multipleMatches' },
  FHIR_VERSION_MISMATCH: { status: 412, message: 'errors.fhir.versionMismatch' },
  FHIR_UNSUPPORTED_CHANGE: { status: 422, message: 'errors.fhir.unsupportedChange' },
  // (codes of FHIR writes above this line)

  // Spreadsheet imports.
  IMPORT_FILE_UNREADABLE: { status: 422, message: 'errors.imports.unreadable' },
  IMPORT_ENCODING: { status: 422, message: 'errors.imports.encoding' },
  IMPORT_FORMULA: { status: 422, message: 'errors.imports.formula' },
  IMPORT_EMPTY: { status: 422, message: 'errors.imports.empty' },
  IMPORT_TOO_MANY_ROWS: { status: 422, message: 'errors.imports.tooManyRows' },
  IMPORT_NOT_READY: { status: 409, message: 'errors.imports.notReady' },
  IMPORT_NOTHING_VALID: { status: 409, message: 'errors.imports.nothingValid' },
  IMPORT_KIND_UNAVAILABLE: { status: 422, message: 'errors.imports.kindUnavailable' },
  IMPORT_IN_USE: { status: 409, message: 'errors.imports.inUse' },
  // (codes of imports above this line)

  // Webhooks.
  WEBHOOK_TARGET_REFUSED: { status: 422, message: 'errors.webhooks.targetRefused' },
  WEBHOOK_LIMIT: { status: 409, message: 'errors.webhooks.limit' },
  WEBHOOK_ENDPOINT_NOT_FOUND: { status: 404, message: 'errors.webhooks.notFound' },
  // (codes of webhooks above this line)

  // WhatsApp's delivery statuses (Meta's webhook).
  WHATSAPP_SIGNATURE_INVALID: { status: 401, message: 'errors.whatsapp.signatureInvalid' },
} as const satisfies Record<string, { status: number; message: string }>;

/** A code the API answers with (a key of `ERROR_CODES`). */
export type ErrorCode = keyof typeof ERROR_CODES;

/** Whether a code received from the API (or anywhere else) is one of the catalogue's. */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);
}
