// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title OwnerAccount
/// @notice Minimal contract account for local test chains: it accepts (EIP-1271) a 65-byte ECDSA
/// signature of the hash by its owner, as a smart wallet with one owner key does.
contract OwnerAccount {
    bytes4 private constant MAGIC_VALUE = 0x1626ba7e;
    bytes4 private constant INVALID = 0xffffffff;
    /// Half the secp256k1 order: larger `s` values are the malleable twin of a valid signature.
    uint256 private constant HALF_ORDER = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    /// @notice EIP-1271: `0x1626ba7e` when `signature` is the owner's signature of `hash`.
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        return isOwnerSignature(hash, signature) ? MAGIC_VALUE : INVALID;
    }

    /// @dev True when `signature` (65 bytes, low `s`) is the owner's ECDSA signature of `hash`.
    function isOwnerSignature(bytes32 hash, bytes calldata signature) internal view returns (bool) {
        if (signature.length != 65) return false;
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly {
            r := calldataload(signature.offset)
            s := calldataload(add(signature.offset, 32))
            v := byte(0, calldataload(add(signature.offset, 64)))
        }
        if (v < 27) v += 27;
        if (uint256(s) > HALF_ORDER) return false;
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner;
    }
}
