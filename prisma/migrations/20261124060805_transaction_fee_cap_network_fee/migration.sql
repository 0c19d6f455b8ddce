-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "fee_cap_network_fee" TEXT;
