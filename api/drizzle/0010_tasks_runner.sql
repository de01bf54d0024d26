-- Issue 12 §3: the task runner (api/src/modules/tasks). A running task beats a heartbeat, so that a task left
-- `en_cours` by a process that died is found and failed with a reason; a failed task relaunched once points to its
-- successor; an export's file is kept until downloaded again; scheduled jobs remember their last period.
ALTER TABLE "tasks" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "relance_de" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_relance_de_fk" FOREIGN KEY ("relance_de") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_relance_de_unique" ON "tasks" USING btree ("relance_de");--> statement-breakpoint
CREATE INDEX "tasks_created_by_idx" ON "tasks" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_en_attente_idx" ON "tasks" USING btree ("id") WHERE "tasks"."statut" = 'en_attente';--> statement-breakpoint
CREATE TABLE "task_fichiers" (
	"task_id" integer PRIMARY KEY NOT NULL,
	"nom" text NOT NULL,
	"type_contenu" text NOT NULL,
	"contenu" "bytea" NOT NULL,
	CONSTRAINT "task_fichiers_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "task_fichiers_nom_not_blank" CHECK (btrim("task_fichiers"."nom") <> '')
);
--> statement-breakpoint
CREATE TABLE "task_planifications" (
	"nom" text PRIMARY KEY NOT NULL,
	"dernier_creneau" text NOT NULL,
	"derniere_execution" timestamp with time zone DEFAULT now() NOT NULL
);
