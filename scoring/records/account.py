"""The account's API tokens: listed with their names, when they were last used and when
they expire; a new one issued (its text shown once, never stored); any one revoked."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from scoring.records.forms import ApiTokenForm
from scoring.records.models import ApiToken


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def api_tokens(request: HttpRequest) -> HttpResponse:
    form = ApiTokenForm(request.POST or None)
    issued = None
    if request.method == "POST" and form.is_valid():
        # Drawn in this answer, not after a redirect: the token's text is kept nowhere,
        # so this is the one time it can be shown.
        _token, issued = ApiToken.issue(request.user, form.cleaned_data["name"], days=form.days())
        form = ApiTokenForm()
    context = {"tokens": request.user.api_tokens.all(), "form": form, "issued": issued}
    return render(request, "records/api_tokens.html", context)


@require_POST
@login_required
def revoke_api_token(request: HttpRequest, pk: int) -> HttpResponse:
    token = get_object_or_404(ApiToken, pk=pk, user=request.user)
    token.delete()
    messages.success(request, _("Token “%(name)s” revoked.") % {"name": token.name or pk})
    return redirect("records:api-tokens")
