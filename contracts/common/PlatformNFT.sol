// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC2981} from "@openzeppelin/contracts/token/common/ERC2981.sol";
import {AccessControlEnumerable} from "@openzeppelin/contracts/access/extensions/AccessControlEnumerable.sol";
import {PlatformRoles} from "./PlatformRoles.sol";

/// What the platform's ERC-721 and ERC-1155 share: AccessControl roles and ERC-2981 royalties managed by
/// DEFAULT_ADMIN_ROLE. A zero `royaltyReceiver` leaves the default royalty unset.
abstract contract PlatformNFT is ERC2981, PlatformRoles {
    constructor(address royaltyReceiver, uint96 royaltyFeeNumerator) {
        if (royaltyReceiver != address(0)) _setDefaultRoyalty(royaltyReceiver, royaltyFeeNumerator);
    }

    function setDefaultRoyalty(address receiver, uint96 feeNumerator) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _setDefaultRoyalty(receiver, feeNumerator);
    }

    function deleteDefaultRoyalty() external onlyRole(DEFAULT_ADMIN_ROLE) {
        _deleteDefaultRoyalty();
    }

    function setTokenRoyalty(uint256 tokenId, address receiver, uint96 feeNumerator)
        external
        onlyRole(DEFAULT_ADMIN_ROLE)
    {
        _setTokenRoyalty(tokenId, receiver, feeNumerator);
    }

    function resetTokenRoyalty(uint256 tokenId) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _resetTokenRoyalty(tokenId);
    }

    function supportsInterface(bytes4 interfaceId)
        public
        view
        virtual
        override(ERC2981, AccessControlEnumerable)
        returns (bool)
    {
        return super.supportsInterface(interfaceId);
    }
}
