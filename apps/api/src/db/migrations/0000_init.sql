CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" uuid,
	"actor_id" uuid,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"changes" jsonb,
	"ip" text,
	"user_agent" text,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"plan" text,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_roles" (
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	CONSTRAINT "employee_roles_company_id_employee_id_role_id_pk" PRIMARY KEY("company_id","employee_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"public_id" text NOT NULL,
	"name" text NOT NULL,
	"username" text,
	"email" text,
	"password_hash" text,
	"employee_type" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"image" text,
	"last_login_at" timestamp with time zone,
	"department_id" uuid,
	"clinic_collection_id" uuid,
	"date_of_birth" date,
	"gender" text,
	"identity" text,
	"nationality" text,
	"marital_status" text,
	"number_of_children" integer,
	"medical_license_number" text,
	"consultation_fee" numeric(12, 2),
	"on_call" boolean DEFAULT false NOT NULL,
	"hire_date" date,
	"job_type" text,
	"job_title" text,
	"address" text,
	"image_file_id" uuid,
	"contact_infos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"emergency_contact" jsonb,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"certifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"working_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"break_times" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vacation_records" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"session_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employees_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"code" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_id_counters" (
	"company_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "public_id_counters_company_id_entity_pk" PRIMARY KEY("company_id","entity")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"company_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"permission" text NOT NULL,
	CONSTRAINT "role_permissions_company_id_role_id_permission_pk" PRIMARY KEY("company_id","role_id","permission")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_path" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "clinic_collection_specializations" (
	"company_id" uuid NOT NULL,
	"clinic_collection_id" uuid NOT NULL,
	"specialization_id" uuid NOT NULL,
	CONSTRAINT "clinic_collection_specializations_pk" PRIMARY KEY("company_id","clinic_collection_id","specialization_id")
);
--> statement-breakpoint
CREATE TABLE "clinic_collections" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"public_id" text NOT NULL,
	"name" text NOT NULL,
	"pic_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"email" text,
	"phone" text,
	"website" text,
	"country" text,
	"state_province" text,
	"zip_code" text,
	"address" text,
	"year_of_establishment" date,
	"contact_infos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"working_days" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"holidays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"location" jsonb,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_collections_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "clinics" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"public_id" text NOT NULL,
	"department_id" uuid,
	"clinic_collection_id" uuid,
	"name" text NOT NULL,
	"pic_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"average_visit_minutes" integer DEFAULT 30 NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"working_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"holidays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"address" text,
	"year_of_establishment" date,
	"contact_infos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"location" jsonb,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinics_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "company_profiles" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"address" text,
	"goals" text,
	"overview" text,
	"vision" text,
	"year_of_establishment" date,
	"logo_file_id" uuid,
	"key_member" text,
	"founder" text,
	"executives" text,
	"contact_infos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"holidays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"specializations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bank_accounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"insurance_companies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cash_boxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"online_payment_methods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"commercial_record" jsonb,
	"location" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"public_id" text NOT NULL,
	"clinic_collection_id" uuid,
	"name" text NOT NULL,
	"pic_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"address" text,
	"year_of_establishment" date,
	"patient_capacity" integer,
	"contact_infos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"location" jsonb,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "departments_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "clinic_specializations" (
	"company_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"specialization_id" uuid NOT NULL,
	CONSTRAINT "clinic_specializations_company_id_clinic_id_specialization_id_pk" PRIMARY KEY("company_id","clinic_id","specialization_id")
);
--> statement-breakpoint
CREATE TABLE "service_doctors" (
	"company_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	CONSTRAINT "service_doctors_company_id_service_id_employee_id_pk" PRIMARY KEY("company_id","service_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"public_id" text NOT NULL,
	"clinic_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"duration_minutes" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "specialization_staff" (
	"company_id" uuid NOT NULL,
	"specialization_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	CONSTRAINT "specialization_staff_company_id_specialization_id_employee_id_pk" PRIMARY KEY("company_id","specialization_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "specializations" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"public_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"certification_requirements" text DEFAULT '' NOT NULL,
	"medical_procedures" text DEFAULT '' NOT NULL,
	"required_equipment" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "specializations_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "employee_clinics" (
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	CONSTRAINT "employee_clinics_company_id_employee_id_clinic_id_pk" PRIMARY KEY("company_id","employee_id","clinic_id")
);
--> statement-breakpoint
CREATE TABLE "employee_documents" (
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_id" uuid,
	"effective_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_documents_company_id_employee_id_kind_pk" PRIMARY KEY("company_id","employee_id","kind")
);
--> statement-breakpoint
CREATE TABLE "employee_specializations" (
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"specialization_id" uuid NOT NULL,
	CONSTRAINT "employee_specializations_company_id_employee_id_specialization_id_pk" PRIMARY KEY("company_id","employee_id","specialization_id")
);
--> statement-breakpoint
CREATE TABLE "patient_documents" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"title" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_documents_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "patient_notes" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_notes_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"public_id" text NOT NULL,
	"name" text NOT NULL,
	"identity" text NOT NULL,
	"phone" text,
	"email" text,
	"date_of_birth" date NOT NULL,
	"gender" text,
	"nationality" text,
	"marital_status" text,
	"blood_type" text,
	"smoking" boolean,
	"is_active" boolean DEFAULT true NOT NULL,
	"image_file_id" uuid,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patients_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"public_id" text NOT NULL,
	"patient_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"cancellation_reason" text,
	"reminder_sent" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "employee_roles" ADD CONSTRAINT "employee_roles_company_id_employee_id_employees_company_id_id_fk" FOREIGN KEY ("company_id","employee_id") REFERENCES "public"."employees"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_roles" ADD CONSTRAINT "employee_roles_company_id_role_id_roles_company_id_id_fk" FOREIGN KEY ("company_id","role_id") REFERENCES "public"."roles"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_id_counters" ADD CONSTRAINT "public_id_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_company_id_employee_id_employees_company_id_id_fk" FOREIGN KEY ("company_id","employee_id") REFERENCES "public"."employees"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_permission_permissions_code_fk" FOREIGN KEY ("permission") REFERENCES "public"."permissions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_company_id_role_id_roles_company_id_id_fk" FOREIGN KEY ("company_id","role_id") REFERENCES "public"."roles"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_collection_specializations" ADD CONSTRAINT "clinic_collection_specializations_company_id_clinic_collection_id_clinic_collections_company_id_id_fk" FOREIGN KEY ("company_id","clinic_collection_id") REFERENCES "public"."clinic_collections"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_collections" ADD CONSTRAINT "clinic_collections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_company_id_department_id_departments_company_id_id_fk" FOREIGN KEY ("company_id","department_id") REFERENCES "public"."departments"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_company_id_clinic_collection_id_clinic_collections_company_id_id_fk" FOREIGN KEY ("company_id","clinic_collection_id") REFERENCES "public"."clinic_collections"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_profiles" ADD CONSTRAINT "company_profiles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_company_id_clinic_collection_id_clinic_collections_company_id_id_fk" FOREIGN KEY ("company_id","clinic_collection_id") REFERENCES "public"."clinic_collections"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_specializations" ADD CONSTRAINT "clinic_specializations_company_id_clinic_id_clinics_company_id_id_fk" FOREIGN KEY ("company_id","clinic_id") REFERENCES "public"."clinics"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_specializations" ADD CONSTRAINT "clinic_specializations_company_id_specialization_id_specializations_company_id_id_fk" FOREIGN KEY ("company_id","specialization_id") REFERENCES "public"."specializations"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_doctors" ADD CONSTRAINT "service_doctors_company_id_service_id_services_company_id_id_fk" FOREIGN KEY ("company_id","service_id") REFERENCES "public"."services"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_doctors" ADD CONSTRAINT "service_doctors_company_id_employee_id_employees_company_id_id_fk" FOREIGN KEY ("company_id","employee_id") REFERENCES "public"."employees"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_company_id_clinic_id_clinics_company_id_id_fk" FOREIGN KEY ("company_id","clinic_id") REFERENCES "public"."clinics"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specialization_staff" ADD CONSTRAINT "specialization_staff_company_id_specialization_id_specializations_company_id_id_fk" FOREIGN KEY ("company_id","specialization_id") REFERENCES "public"."specializations"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specialization_staff" ADD CONSTRAINT "specialization_staff_company_id_employee_id_employees_company_id_id_fk" FOREIGN KEY ("company_id","employee_id") REFERENCES "public"."employees"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specializations" ADD CONSTRAINT "specializations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_clinics" ADD CONSTRAINT "employee_clinics_company_id_employee_id_employees_company_id_id_fk" FOREIGN KEY ("company_id","employee_id") REFERENCES "public"."employees"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_clinics" ADD CONSTRAINT "employee_clinics_company_id_clinic_id_clinics_company_id_id_fk" FOREIGN KEY ("company_id","clinic_id") REFERENCES "public"."clinics"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_documents" ADD CONSTRAINT "employee_documents_company_id_employee_id_employees_company_id_id_fk" FOREIGN KEY ("company_id","employee_id") REFERENCES "public"."employees"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_documents" ADD CONSTRAINT "employee_documents_company_id_file_id_files_company_id_id_fk" FOREIGN KEY ("company_id","file_id") REFERENCES "public"."files"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_specializations" ADD CONSTRAINT "employee_specializations_company_id_employee_id_employees_company_id_id_fk" FOREIGN KEY ("company_id","employee_id") REFERENCES "public"."employees"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_specializations" ADD CONSTRAINT "employee_specializations_company_id_specialization_id_specializations_company_id_id_fk" FOREIGN KEY ("company_id","specialization_id") REFERENCES "public"."specializations"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_documents" ADD CONSTRAINT "patient_documents_company_id_patient_id_patients_company_id_id_fk" FOREIGN KEY ("company_id","patient_id") REFERENCES "public"."patients"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_notes" ADD CONSTRAINT "patient_notes_company_id_patient_id_patients_company_id_id_fk" FOREIGN KEY ("company_id","patient_id") REFERENCES "public"."patients"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_company_id_patient_id_patients_company_id_id_fk" FOREIGN KEY ("company_id","patient_id") REFERENCES "public"."patients"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_company_id_doctor_id_employees_company_id_id_fk" FOREIGN KEY ("company_id","doctor_id") REFERENCES "public"."employees"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_company_id_clinic_id_clinics_company_id_id_fk" FOREIGN KEY ("company_id","clinic_id") REFERENCES "public"."clinics"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_company_id_service_id_services_company_id_id_fk" FOREIGN KEY ("company_id","service_id") REFERENCES "public"."services"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_company_time_idx" ON "audit_log" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("company_id","entity","entity_id");--> statement-breakpoint
CREATE INDEX "employee_roles_role_idx" ON "employee_roles" USING btree ("company_id","role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_company_public_id_uq" ON "employees" USING btree ("company_id","public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_username_uq" ON "employees" USING btree (lower("username")) WHERE "employees"."username" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "employees_login_email_uq" ON "employees" USING btree (lower("email")) WHERE "employees"."password_hash" is not null;--> statement-breakpoint
CREATE INDEX "employees_company_type_idx" ON "employees" USING btree ("company_id","employee_type");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_company_identity_uq" ON "employees" USING btree ("company_id",lower("identity")) WHERE "employees"."identity" is not null;--> statement-breakpoint
CREATE INDEX "employees_company_dob_idx" ON "employees" USING btree ("company_id","date_of_birth");--> statement-breakpoint
CREATE INDEX "login_failures_lookup_idx" ON "login_failures" USING btree ("identifier","ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_uq" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("company_id","family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_employee_idx" ON "refresh_tokens" USING btree ("company_id","employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_company_name_uq" ON "roles" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "files_created_idx" ON "files" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "clinic_collection_specializations_spec_idx" ON "clinic_collection_specializations" USING btree ("company_id","specialization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_collections_public_id_uq" ON "clinic_collections" USING btree ("company_id","public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clinics_public_id_uq" ON "clinics" USING btree ("company_id","public_id");--> statement-breakpoint
CREATE INDEX "clinics_department_idx" ON "clinics" USING btree ("company_id","department_id");--> statement-breakpoint
CREATE INDEX "clinics_clinic_collection_idx" ON "clinics" USING btree ("company_id","clinic_collection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "departments_public_id_uq" ON "departments" USING btree ("company_id","public_id");--> statement-breakpoint
CREATE INDEX "departments_clinic_collection_idx" ON "departments" USING btree ("company_id","clinic_collection_id");--> statement-breakpoint
CREATE INDEX "service_doctors_employee_idx" ON "service_doctors" USING btree ("company_id","employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "services_public_id_uq" ON "services" USING btree ("company_id","public_id");--> statement-breakpoint
CREATE INDEX "services_clinic_idx" ON "services" USING btree ("company_id","clinic_id");--> statement-breakpoint
CREATE UNIQUE INDEX "specializations_public_id_uq" ON "specializations" USING btree ("company_id","public_id");--> statement-breakpoint
CREATE INDEX "employee_clinics_clinic_idx" ON "employee_clinics" USING btree ("company_id","clinic_id");--> statement-breakpoint
CREATE INDEX "patient_documents_patient_idx" ON "patient_documents" USING btree ("company_id","patient_id","created_at");--> statement-breakpoint
CREATE INDEX "patient_notes_patient_idx" ON "patient_notes" USING btree ("company_id","patient_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_public_id_uq" ON "patients" USING btree ("company_id","public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_identity_uq" ON "patients" USING btree ("company_id","identity");--> statement-breakpoint
CREATE INDEX "patients_dob_idx" ON "patients" USING btree ("company_id","date_of_birth");--> statement-breakpoint
CREATE INDEX "patients_created_idx" ON "patients" USING btree ("company_id","created_at","public_id");--> statement-breakpoint
CREATE INDEX "patients_active_created_idx" ON "patients" USING btree ("company_id","is_active","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_public_id_uq" ON "appointments" USING btree ("company_id","public_id");--> statement-breakpoint
CREATE INDEX "appointments_clinic_time_idx" ON "appointments" USING btree ("company_id","clinic_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_doctor_time_idx" ON "appointments" USING btree ("company_id","doctor_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_patient_time_idx" ON "appointments" USING btree ("company_id","patient_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_status_time_idx" ON "appointments" USING btree ("company_id","status","starts_at");