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
    path("api/", include("games.api.chat_urls")),
    path("api/", include("transparency.urls")),
    path("", include("games.site.urls")),
]

# Plain pages with no context (config.errors): an error never shows what the server was holding.
handler400 = "config.errors.bad_request"
handler403 = "config.errors.permission_denied"
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"
