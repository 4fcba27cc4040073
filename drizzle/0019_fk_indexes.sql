CREATE INDEX "oauth_states_link_user_idx" ON "oauth_states" USING btree ("link_user_id");--> statement-breakpoint
CREATE INDEX "bags_module_idx" ON "bags" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "bags_parent_idx" ON "bags" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "sources_bag_idx" ON "sources" USING btree ("bag_id");--> statement-breakpoint
CREATE INDEX "sources_parent_idx" ON "sources" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "homepage_invites_homepage_idx" ON "homepage_invites" USING btree ("homepage_id");--> statement-breakpoint
CREATE INDEX "source_reports_source_idx" ON "source_reports" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "source_reports_homepage_idx" ON "source_reports" USING btree ("homepage_id");--> statement-breakpoint
CREATE INDEX "source_reports_user_idx" ON "source_reports" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "import_folders_parent_idx" ON "import_folders" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "import_links_folder_idx" ON "import_links" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "import_runs_import_idx" ON "import_runs" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "import_runs_homepage_idx" ON "import_runs" USING btree ("homepage_id");--> statement-breakpoint
CREATE INDEX "bookmark_log_homepage_idx" ON "bookmark_log" USING btree ("homepage_id");--> statement-breakpoint
CREATE INDEX "wechat_logins_user_idx" ON "wechat_logins" USING btree ("user_id");