"""The chat layer's menus and messages as Discord components and message fields.

Buttons carry the layer's choice token as their custom id, verbatim; a
select carries a fixed custom id and the tokens as its option values. Both
are `DynamicItem`s, so discord.py routes a press by matching the custom id
against a template, not by remembering the view that sent it: a button
posted before a restart works after it, and nothing is kept per message.
"""

import io
import re
from typing import TYPE_CHECKING, Any

import discord

from frontends.chat import Menu, Message, Picture

if TYPE_CHECKING:
    from frontends.discord.frontend import DiscordFrontend

TOKEN_TEMPLATE = r"(?P<token>[^.\s]+(?:\.[^.\s]+){4})"
"""A token's shape (five dot-separated fields; docs/chat.md), and no more: the
layer verifies the rest. Nothing else this bot sends matches it."""

SELECT_ID = "plgames:pick"
SELECT_TEMPLATE = re.escape(SELECT_ID)

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def _frontend(interaction: discord.Interaction[Any]) -> "DiscordFrontend":
    frontend: DiscordFrontend = interaction.client.frontend
    return frontend


class TokenButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=TOKEN_TEMPLATE
):
    def __init__(
        self,
        token: str,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=token, row=row), row=row
        )
        self.token = token

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> "TokenButton":
        label = getattr(item, "label", None) or "…"
        return cls(match["token"], label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _frontend(interaction).pressed(interaction, self.token)


class TokenSelect(
    discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]], template=SELECT_TEMPLATE
):
    def __init__(self, options: list[discord.SelectOption], placeholder: str = "") -> None:
        select: discord.ui.Select[discord.ui.View] = discord.ui.Select(
            custom_id=SELECT_ID, options=options, placeholder=placeholder or None
        )
        super().__init__(select)

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> "TokenSelect":
        options = list(getattr(item, "options", []))
        return cls(options)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        if values:
            await _frontend(interaction).pressed(interaction, values[0])


def view(menu: Menu | None) -> discord.ui.View | None:
    """The menu's buttons row by row, then its select on a row of its own."""
    if menu is None or not menu.choices():
        return None
    out = discord.ui.View(timeout=None)
    for index, row in enumerate(menu.rows):
        for choice in row:
            out.add_item(TokenButton(choice.token, choice.label, STYLES[choice.style], index))
    if menu.select:
        options = [discord.SelectOption(label=c.label, value=c.token) for c in menu.select]
        select = TokenSelect(options, menu.placeholder)
        select.row = len(menu.rows)
        out.add_item(select)
    return out


def content(message: Message, limit: int) -> str:
    """Mentions first (they notify), then the text, escaped: names and typed
    words are shown as written, never as markdown (pings: `allowed_mentions`)."""
    mentions = " ".join(f"<@{user}>" for user in message.mentions)
    text = discord.utils.escape_markdown(message.text)
    joined = f"{mentions}\n{text}" if mentions and text else mentions or text
    return joined if len(joined) <= limit else joined[: limit - 1] + "…"


def allowed_mentions(message: Message) -> discord.AllowedMentions:
    """Only the people whose turn it is get pinged; never everyone or a role."""
    users = [discord.Object(int(user)) for user in message.mentions]
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False)


def picture_file(picture: Picture, png: bytes) -> discord.File:
    return discord.File(io.BytesIO(png), filename=picture.filename, description=picture.alt[:1024])
