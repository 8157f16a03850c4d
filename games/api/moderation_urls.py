"""API routes for moderation (staff), reports (players file, staff work the queue) and audit (auditors)."""

from django.urls import path

import games.converters  # noqa: F401 (registers <id:...>)
from games.api import moderation as views

urlpatterns = [
    path("moderation/games/<id:game_id>/abort", views.Abort.as_view(), name="moderate-abort"),
    path("moderation/games/<id:game_id>/adjudicate", views.Adjudicate.as_view(), name="moderate-adjudicate"),
    path("moderation/games/<id:game_id>/replace-seat", views.ReplaceSeat.as_view(), name="moderate-replace-seat"),
    path("moderation/games/<id:game_id>/hand-seat", views.HandSeat.as_view(), name="moderate-hand-seat"),
    path("moderation/games/<id:game_id>/extend-deadline", views.ExtendDeadline.as_view(), name="moderate-extend"),
    path("moderation/users/<str:username>/suspend", views.Suspend.as_view(), name="moderate-suspend"),
    path("moderation/users/<str:username>/reinstate", views.Reinstate.as_view(), name="moderate-reinstate"),
    path("reports", views.FileReport.as_view(), name="report-file"),
    path("moderation/reports", views.ReportQueue.as_view(), name="report-queue"),
    path("moderation/reports/<id:report_id>/close", views.CloseReport.as_view(), name="report-close"),
    path("audit/games/<id:game_id>/history", views.AuditHistory.as_view(), name="audit-history"),
    path("audit/games/<id:game_id>/full", views.AuditFullView.as_view(), name="audit-full"),
    path("audit/games/<id:game_id>/position", views.AuditPosition.as_view(), name="audit-position"),
    path("audit/games/<id:game_id>/verify", views.AuditVerify.as_view(), name="audit-verify"),
]
