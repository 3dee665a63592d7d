"""tournaments, their entrants and the tables of each round

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01 13:00:00
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(length=16), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("organiser_id", sa.Integer(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("min_size", sa.Integer(), nullable=False),
        sa.Column("max_size", sa.Integer(), nullable=False),
        sa.Column("private", sa.Boolean(), nullable=False),
        sa.Column("invite", sa.String(length=32), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("registration_closes_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("pace", sa.JSON(), nullable=True),
        sa.Column("notes", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["organiser_id"], ["users.id"], name=op.f("fk_tournaments_organiser_id_users")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournaments")),
        sa.UniqueConstraint("invite", name=op.f("uq_tournaments_invite")),
    )
    op.create_index(op.f("ix_tournaments_status"), "tournaments", ["status"], unique=False)
    op.create_table(
        "tournament_entrants",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.String(length=16), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("bot", sa.String(length=32), nullable=True),
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("dropped", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournaments.id"], ondelete="CASCADE",
                                name=op.f("fk_tournament_entrants_tournament_id_tournaments")),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_tournament_entrants_user_id_users")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournament_entrants")),
        sa.UniqueConstraint("tournament_id", "user_id", name=op.f("uq_tournament_entrants_tournament_id")),
    )
    op.create_index(op.f("ix_tournament_entrants_tournament_id"), "tournament_entrants", ["tournament_id"],
                    unique=False)
    op.create_table(
        "tournament_tables",
        sa.Column("tournament_id", sa.String(length=16), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("index", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.String(length=16), nullable=True),
        sa.Column("entrants", sa.JSON(), nullable=False),
        sa.Column("points", sa.JSON(), nullable=True),
        sa.Column("coins", sa.JSON(), nullable=True),
        sa.Column("winners", sa.JSON(), nullable=True),
        sa.Column("closed_early", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name=op.f("fk_tournament_tables_table_id_tables")),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournaments.id"], ondelete="CASCADE",
                                name=op.f("fk_tournament_tables_tournament_id_tournaments")),
        sa.PrimaryKeyConstraint("tournament_id", "round", "index", name=op.f("pk_tournament_tables")),
        sa.UniqueConstraint("table_id", name=op.f("uq_tournament_tables_table_id")),
    )


def downgrade() -> None:
    op.drop_table("tournament_tables")
    op.drop_index(op.f("ix_tournament_entrants_tournament_id"), table_name="tournament_entrants")
    op.drop_table("tournament_entrants")
    op.drop_index(op.f("ix_tournaments_status"), table_name="tournaments")
    op.drop_table("tournaments")
