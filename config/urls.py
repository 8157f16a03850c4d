from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("api/", include("games.api.urls")),
    path("api/", include("games.api.players_urls")),
    path("api/", include("games.api.moderation_urls")),
    path("", include("games.site.urls")),
]

# Under /api/ even Django's own errors (no route, an unreadable request) answer in the API's shape.
handler400 = "games.api.errors.bad_request"
handler403 = "games.api.errors.permission_denied"
handler404 = "games.api.errors.page_not_found"
handler500 = "games.api.errors.server_error"
